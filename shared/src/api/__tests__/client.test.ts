import {
  AxiosError,
  AxiosHeaders,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';
import { MESSAGES } from '../../contract/constants';
import { makeSession } from '../../test-utils/fixtures';
import { useSessionStore } from '../../session/sessionStore';
import { useSuspensionStore } from '../../session/suspension';
import { ApiError, errorMessage, httpClient, messageWithReason } from '../client';
import {
  createMessage,
  deleteResume,
  getAllCompany,
  getAllJobPost,
  getMe,
  getMessages,
  getCandidateCount,
  markChatRead,
  markNotificationsSeen,
  getNotifications,
  markNotificationsRead,
  markAllNotificationsRead,
  updateMailPreferences,
  resumeUpload,
  updateJobStatus,
  updateReferralStatus,
  verifyOtp,
  login,
} from '..';

type Reply = { status: number; data: unknown } | 'network';
const calls: InternalAxiosRequestConfig[] = [];
let replies: Reply[] = [];

/** The transport under the one client: records each request and answers from `replies`. */
function fakeAdapter(config: InternalAxiosRequestConfig): Promise<AxiosResponse> {
  calls.push(config);
  const reply = replies.shift();
  if (!reply) throw new Error(`unexpected call ${config.method} ${config.url}`);
  if (reply === 'network') {
    return Promise.reject(new AxiosError('Network Error', 'ERR_NETWORK', config));
  }
  const response: AxiosResponse = {
    data: reply.data,
    status: reply.status,
    statusText: String(reply.status),
    headers: new AxiosHeaders(),
    config,
  };
  if (reply.status >= 400) {
    return Promise.reject(
      new AxiosError('fail', AxiosError.ERR_BAD_RESPONSE, config, null, response),
    );
  }
  return Promise.resolve(response);
}

let original: Awaited<ReturnType<typeof httpClient>>['defaults']['adapter'];
beforeAll(async () => {
  const client = await httpClient();
  original = client.defaults.adapter;
  client.defaults.adapter = fakeAdapter;
});
afterAll(async () => {
  (await httpClient()).defaults.adapter = original;
});
beforeEach(() => {
  calls.length = 0;
  replies = [];
  useSessionStore.getState().signOut();
});
afterEach(() => expect(replies).toEqual([]));

const last = () => calls[calls.length - 1]!;
const body = () => JSON.parse(last().data as string) as unknown;

describe('API client', () => {
  it('sends JSON to /api with the session cookie and hands back the verified session', async () => {
    replies = [{ status: 200, data: makeSession() }];
    const answer = await verifyOtp({ email: 'ana@example.com', otp: '1234', roleId: '0' });
    expect(answer.data.email).toBe('ana@example.com');
    expect(last().baseURL).toBe('/api');
    expect(last().url).toBe('/auth/verifyOtp');
    expect(last().withCredentials).toBe(true);
    expect(body()).toEqual({ email: 'ana@example.com', otp: '1234', roleId: '0' });
  });

  it('answers lists as { data, total }', async () => {
    replies = [
      { status: 200, data: { success: true, data: [{ _id: 'j1' }], total: 41 } },
      { status: 200, data: { success: true, data: [{ _id: 'c1' }] } },
    ];
    const jobs = await getAllJobPost({ search: 'react', start: 0, limit: 100, userId: 'u1' });
    expect(jobs).toEqual({ data: [{ _id: 'j1' }], total: 41 });
    expect(last().method).toBe('post');
    expect(last().url).toBe('/jobPost/getAllJobPost');
    expect(body()).toEqual({ search: 'react', start: 0, limit: 100, userId: 'u1' });

    expect(await getAllCompany({ limit: 40 })).toEqual({ data: [{ _id: 'c1' }], total: 1 });
  });

  it('uses the spec paths and methods for status changes, counts, chat and resume removal', async () => {
    const ok = { status: 200, data: { success: true, message: 'ok', data: {} } };
    replies = [ok, ok, ok, ok, ok, ok, ok];
    await updateJobStatus('j 1', 'inactive');
    expect([last().method, last().url, body()]).toEqual([
      'put',
      '/jobPost/updateStatus/j%201',
      { status: 'inactive' },
    ]);
    await updateReferralStatus('r1', 'approved');
    expect([last().method, last().url, body()]).toEqual([
      'put',
      '/referralRequest/updateReferralStatus/r1',
      { status: 'approved' },
    ]);
    await getCandidateCount('u1');
    expect([last().method, last().url]).toEqual(['get', '/referralRequest/getCandidateCount/u1']);
    await getMessages('c1');
    expect([last().url, last().params]).toEqual([
      '/message/getMessages/c1',
      { page: 1, limit: 20 },
    ]);
    await createMessage({ chatId: 'c1', sender: 'Ana', senderId: 'u1', content: 'Hi' });
    expect(body()).toEqual({ chatId: 'c1', sender: 'Ana', senderId: 'u1', content: 'Hi' });
    await markChatRead('c1');
    expect([last().method, last().url]).toEqual(['post', '/chat/markRead/c1']);
    await deleteResume();
    expect([last().method, last().url]).toEqual(['delete', '/documentsUpload/resume']);
  });

  it('marks the candidate notifications seen with the server message', async () => {
    replies = [{ status: 200, data: { success: true, message: 'Notifications marked as seen' } }];
    const answer = await markNotificationsSeen();
    expect(answer.message).toBe('Notifications marked as seen');
    expect([last().method, last().url]).toEqual(['post', '/referralRequest/markNotificationsSeen']);
  });

  it('reads the bell and marks what it showed, and saves e-mail preferences', async () => {
    const inbox = { items: [], unread: 3 };
    replies = [
      { status: 200, data: { success: true, data: inbox } },
      { status: 200, data: { success: true, data: { marked: 2 } } },
      { status: 200, data: { success: true, data: { marked: 1 } } },
      { status: 200, data: { success: true, data: { chat_message: false } } },
    ];
    expect(await getNotifications()).toEqual(inbox);
    expect([last().method, last().url]).toEqual(['get', '/notifications']);
    expect(await markNotificationsRead(['n1', 'n2'])).toEqual({ marked: 2 });
    expect([last().method, last().url, body()]).toEqual([
      'post',
      '/notifications/markRead',
      { ids: ['n1', 'n2'] },
    ]);
    expect(await markAllNotificationsRead()).toEqual({ marked: 1 });
    expect([last().method, last().url]).toEqual(['post', '/notifications/markAllRead']);
    await updateMailPreferences({ chat_message: false });
    expect([last().method, last().url, body()]).toEqual([
      'put',
      '/notifications/preferences',
      { chat_message: false },
    ]);
  });

  it('uploads a resume as multipart with the user id and reports progress', async () => {
    replies = [
      {
        status: 200,
        data: { success: true, data: { resumeLink: '/r/1', resumeName: 'cv.pdf', size: 3 } },
      },
    ];
    const file = new File(['pdf'], 'cv.pdf', { type: 'application/pdf' });
    const seen: number[] = [];
    const answer = await resumeUpload(file, 'u1', (p) => seen.push(p));
    expect(answer.resumeLink).toBe('/r/1');
    const form = last().data as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect(form.get('userId')).toBe('u1');
    expect((form.get('file') as File).name).toBe('cv.pdf');
    last().onUploadProgress?.({ loaded: 50, total: 200, bytes: 50, lengthComputable: true });
    expect(seen).toEqual([25]);
  });

  it("turns an error answer into an ApiError carrying the server's message and status", async () => {
    replies = [{ status: 400, data: { success: false, message: 'Invalid OTP' } }];
    const err = await verifyOtp({ email: 'a@b.co', otp: '0000', roleId: 0 }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe('Invalid OTP');
    expect((err as ApiError).status).toBe(400);
    expect(errorMessage(err, 'Invalid OTP. Please try again.')).toBe('Invalid OTP');
  });

  it('uses the fallback when the server sent no message or failed itself, and a network message without an answer', async () => {
    replies = [
      { status: 400, data: '' },
      { status: 500, data: { success: false, message: 'Something went wrong. Please try again.' } },
      'network',
    ];
    const bare400 = await login({ email: 'a@b.co', roleId: 0 }).catch((e: unknown) => e);
    expect(errorMessage(bare400, 'Failed to send OTP. Please try again.')).toBe(
      'Failed to send OTP. Please try again.',
    );
    const err500 = await login({ email: 'a@b.co', roleId: 0 }).catch((e: unknown) => e);
    expect((err500 as ApiError).status).toBe(500);
    expect(errorMessage(err500, 'Failed to send OTP. Please try again.')).toBe(
      'Failed to send OTP. Please try again.',
    );
    const offline = await login({ email: 'a@b.co', roleId: 0 }).catch((e: unknown) => e);
    expect((offline as ApiError).status).toBe(0);
    expect((offline as ApiError).message).toBe('Network error. Please check your connection.');
    expect(errorMessage(new Error('x'), 'fallback')).toBe('fallback');
  });

  it('signs the store out when a signed-in call answers 401', async () => {
    useSessionStore.getState().signIn(makeSession());
    replies = [{ status: 401, data: { success: false, message: 'Please sign in' } }];
    await expect(getMe()).rejects.toBeInstanceOf(ApiError);
    expect(useSessionStore.getState().applicantUser).toBeNull();
    expect(localStorage.getItem('applicantUser')).toBeNull();
  });

  it("remembers a refused sign-in's suspension, with the operator's reason", async () => {
    const suspension = { reason: 'Fake referrer', suspendedAt: '2026-01-02T03:04:05.000Z' };
    replies = [{ status: 403, data: { success: false, message: 'Suspended', suspension } }];
    const err = (await verifyOtp({ email: 'a@b.co', otp: '1111', roleId: 0 }).catch(
      (e: unknown) => e,
    )) as ApiError;
    expect(err.suspension).toEqual(suspension);
    expect(useSuspensionStore.getState().suspension).toEqual(suspension);
    expect(JSON.parse(localStorage.getItem('suspension') ?? 'null')).toEqual(suspension);
  });

  it('signs out to the suspended page when a call with a session a suspension ended answers 401 with why', async () => {
    useSessionStore.getState().signIn(makeSession());
    const suspension = { reason: 'Fake referrer', suspendedAt: '2026-01-02T03:04:05.000Z' };
    replies = [{ status: 401, data: { success: false, message: 'Please sign in', suspension } }];
    await expect(getMe()).rejects.toBeInstanceOf(ApiError);
    expect(useSessionStore.getState().applicantUser).toBeNull();
    expect(useSuspensionStore.getState().suspension).toEqual(suspension);
  });

  it('keeps the session when a sign-in call answers 401', async () => {
    useSessionStore.getState().signIn(makeSession());
    replies = [{ status: 401, data: { success: false, message: 'Invalid OTP' } }];
    await expect(verifyOtp({ email: 'a@b.co', otp: '1111', roleId: 0 })).rejects.toThrow(
      'Invalid OTP',
    );
    expect(useSessionStore.getState().applicantUser).not.toBeNull();
  });
});

describe('the HTTP library, loaded with the first call', () => {
  it('answers a failed load as a network error and loads it again on the next call', async () => {
    await jest.isolateModulesAsync(async () => {
      let available = false;
      jest.doMock('axios', () => {
        if (!available) throw new Error('Loading chunk axios failed');
        return jest.requireActual<object>('axios');
      });
      const client = await import('../client');
      const failed = await client.apiClient.get('/health').catch((e: unknown) => e);
      expect(failed).toBeInstanceOf(client.ApiError);
      expect(failed).toMatchObject({ status: 0, message: MESSAGES.networkError });
      available = true;
      const http = await client.httpClient();
      expect(http.defaults.baseURL).toBe('/api');
      expect(await client.httpClient()).toBe(http);
    });
  });
});

describe('messageWithReason', () => {
  it("puts the server's reason for a refused request under the spec's message", () => {
    const refused = new ApiError('Bad file', 413, 'File size should not exceed 5 MB');
    expect(messageWithReason(refused, 'Error uploading resume.')).toBe(
      'Error uploading resume.\nFile size should not exceed 5 MB',
    );
  });

  it("keeps the spec's message alone for a server failure, a network error or no reason", () => {
    expect(messageWithReason(new ApiError('x', 500, 'stack'), 'Error uploading resume.')).toBe(
      'Error uploading resume.',
    );
    expect(messageWithReason(new ApiError('x', 0), 'Error uploading resume.')).toBe(
      'Error uploading resume.',
    );
    expect(messageWithReason(new Error('down'), 'Error uploading resume.')).toBe(
      'Error uploading resume.',
    );
  });
});

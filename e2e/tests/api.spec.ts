// The API's journeys over real HTTP through the site's origin (the shell proxies /api): uploads as
// multipart over a socket, the size and type rules, access to resumes, a referral request's round trip.
import {
  expect,
  request as playwrightRequest,
  test,
  type APIRequestContext,
} from '@playwright/test';
import { readCode, uniqueEmail } from '../support/mailbox';
import { verifyWorkEmailOverApi } from '../support/session';
import { confirmDomainAsOperator } from '../support/confirm-domain';
import { BASE, PDF } from '../support/site';

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 7),
]);

interface Account {
  api: APIRequestContext;
  id: string;
  email: string;
}

/** A fresh account signed in on its own request context (its own cookie jar). */
async function account(prefix: string, roleId: 0 | 1 = 0): Promise<Account> {
  const api = await playwrightRequest.newContext({ baseURL: BASE });
  const email = uniqueEmail(prefix);
  const sentAt = Date.now() - 1000;
  expect((await api.post('/api/auth/createUser', { data: { email, roleId } })).ok()).toBe(true);
  const otp = await readCode(api, email, sentAt);
  const res = await api.post('/api/auth/verifyOtp', { data: { email, otp, roleId } });
  expect(res.ok()).toBe(true);
  return { api, id: ((await res.json()) as { data: { _id: string } }).data._id, email };
}

const upload = (who: Account, path: string, buffer: Buffer, name: string, mimeType: string) =>
  who.api.post(path, {
    multipart: { userId: who.id, file: { name, mimeType, buffer } },
  });

const job = {
  jobTitle: 'Platform Engineer',
  companyName: 'E2E Widgets',
  jobLocation: 'Remote',
  address: 'Chennai',
  industry: 'it',
  experience: '3-6',
  jobType: 'Full-time',
  salaryRange: '15-25',
  requiredSkills: ['Go', 'Kubernetes'],
  jobDescription: ['Run the platform.'],
  notes: ['On call once a month.'],
};

test('a resume goes up through the site, a 6 MB or fake file is refused, and only the owner reads it', async () => {
  const candidate = await account('api-cand');
  const stranger = await account('api-stranger');

  const big = await upload(
    candidate,
    '/api/documentsUpload/resumeUpload',
    Buffer.concat([PDF, Buffer.alloc(6 * 1024 * 1024, 0x20)]),
    'big.pdf',
    'application/pdf',
  );
  expect(big.status()).toBe(413);
  expect((await big.json()).message).toBe(
    'File is too large or not supported. Please upload a PDF or DOCX under 5MB.',
  );
  const fake = await upload(
    candidate,
    '/api/documentsUpload/resumeUpload',
    Buffer.from('hello'),
    'cv.pdf',
    'application/pdf',
  );
  expect(fake.status()).toBe(400);

  const ok = await upload(
    candidate,
    '/api/documentsUpload/resumeUpload',
    PDF,
    'My CV.pdf',
    'application/pdf',
  );
  expect(ok.status()).toBe(200);
  const { resumeLink } = (await ok.json()).data as { resumeLink: string };
  const mine = await candidate.api.get(resumeLink);
  expect(mine.status()).toBe(200);
  expect(mine.headers()['content-type']).toBe('application/pdf');
  expect(Buffer.from(await mine.body()).equals(PDF)).toBe(true);
  expect((await stranger.api.get(resumeLink)).status()).toBe(403);

  const photo = await upload(
    candidate,
    '/api/documentsUpload/profileImgUpload',
    PNG,
    'me.png',
    'image/png',
  );
  const { profileImageLink } = (await photo.json()).data as { profileImageLink: string };
  const anonymous = await playwrightRequest.newContext({ baseURL: BASE });
  const image = await anonymous.get(profileImageLink);
  expect(image.headers()['content-type']).toBe('image/png');
});

test("a referral request goes from candidate to referrer once, and approving needs a verified work email at the job's company", async () => {
  const referrer = await account('api-ref', 1);
  const candidate = await account('api-cand');
  // Posting needs a verified work e-mail at the company: the first referrer gives E2E Widgets its domain.
  const refused = await referrer.api.post('/api/jobPost/createJobPost', { data: job });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).message).toBe(
    'Verify your work email at E2E Widgets to post jobs for it.',
  );
  await verifyWorkEmailOverApi(referrer.api, referrer.id, 'e2e-widgets.example');
  const created = await referrer.api.post('/api/jobPost/createJobPost', { data: job });
  expect(created.status()).toBe(201);
  const jobId = ((await created.json()) as { data: { _id: string } }).data._id;

  const body = { jobPostId: jobId, targetUserId: referrer.id, userId: candidate.id };
  const noResume = await candidate.api.post('/api/referralRequest/sendReferralRequest', {
    data: body,
  });
  expect((await noResume.json()).message).toBe(
    'Please upload your resume before requesting a referral.',
  );
  await upload(candidate, '/api/documentsUpload/resumeUpload', PDF, 'cv.pdf', 'application/pdf');
  const sent = await candidate.api.post('/api/referralRequest/sendReferralRequest', { data: body });
  expect(sent.status()).toBe(201);
  const again = await candidate.api.post('/api/referralRequest/sendReferralRequest', {
    data: body,
  });
  expect(again.status()).toBe(409);
  expect((await again.json()).message).toBe('You have already requested for this job');

  const listed = await candidate.api.post('/api/jobPost/getAllJobPost', {
    data: { search: 'E2E Widgets' },
  });
  const listedJob = ((await listed.json()).data as { _id: string; isApplied: boolean }[]).find(
    (j) => j._id === jobId,
  );
  expect(listedJob?.isApplied).toBe(true);

  const received = await referrer.api.post('/api/referralRequest/getAllReferralRequestsData', {
    data: { userId: referrer.id, roleId: 1, status: 'pending' },
  });
  const [request] = (await received.json()).data as {
    _id: string;
    senderId: { resumeLink: string };
  }[];
  expect((await referrer.api.get(request!.senderId.resumeLink)).status()).toBe(200);

  const approve = await referrer.api.put(
    `/api/referralRequest/updateReferralStatus/${request!._id}`,
    {
      data: { status: 'approved' },
    },
  );
  expect(approve.status()).toBe(200);
  expect((await approve.json()).message).toBe('Referral approved');

  // A second request, after the referrer's current work address moved to another company: refused.
  const other = await account('api-cand2');
  await upload(other, '/api/documentsUpload/resumeUpload', PDF, 'cv.pdf', 'application/pdf');
  const second = await other.api.post('/api/referralRequest/sendReferralRequest', {
    data: { ...body, userId: other.id },
  });
  expect(second.status()).toBe(201);
  const secondId = ((await second.json()) as { data: { _id: string } }).data._id;
  // The gate guards a company whose domain an operator confirmed (a name nobody confirmed is open to all).
  await confirmDomainAsOperator(BASE, 'e2e-widgets.example');
  const moved = await verifyWorkEmailOverApi(referrer.api, referrer.id, 'other-co.example');
  const refusedApproval = await referrer.api.put(
    `/api/referralRequest/updateReferralStatus/${secondId}`,
    { data: { status: 'approved' } },
  );
  expect(refusedApproval.status()).toBe(403);
  expect((await refusedApproval.json()).message).toBe(
    `Your verified work email ${moved} is not at E2E Widgets. Verify your work email at e2e-widgets.example to approve referral requests for it.`,
  );
  const decline = await referrer.api.put(`/api/referralRequest/updateReferralStatus/${secondId}`, {
    data: { status: 'declined' },
  });
  expect((await decline.json()).message).toBe('Referral declined');
  const counts = await candidate.api.get(`/api/referralRequest/getCandidateCount/${candidate.id}`);
  expect((await counts.json()).data).toEqual({
    total: 1,
    approved: 1,
    pending: 0,
    declined: 0,
    expired: 0,
    withdrawn: 0,
  });
});

import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { ApiError, useSessionStore, type SessionResponse } from '@referio/shared';
import SignIn from '../../../pages/SignIn';
import SignUp from '../../../pages/SignUp';
import type { GoogleAccountsId, GoogleCredentialResponse } from '../api/googleIdentity';
import { api, makeSession, renderPage } from '@referio/shared/test-utils';

const session = makeSession;

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** The sign-in or sign-up page at `path`, with the pages it leads to beside it. */
function renderAuthPage(
  Page: ComponentType,
  { path = '/sign-in', googleClientId = null as string | null, search = '' } = {},
) {
  api.getAuthConfig.mockResolvedValue({ googleClientId });
  return renderPage(<Page />, {
    url: path + search,
    path,
    routes: {
      '/': <h1>Home page</h1>,
      '/sign-up': <h1>Sign up page</h1>,
      '/sign-in': <h1>Sign in page</h1>,
      '/dashboard/:page': <h1>Linked page</h1>,
    },
  });
}

const digitBoxes = () => screen.getAllByRole('textbox', { name: /^Digit \d of 4$/ });

async function requestCode(user: ReturnType<typeof userEvent.setup>, email = 'ana@example.com') {
  await user.type(screen.getByRole('textbox', { name: 'Email' }), email);
  await user.click(screen.getByRole('button', { name: 'LOGIN' }));
  await screen.findByRole('group', { name: 'One-time code' });
}

afterEach(() => {
  useSessionStore.getState().signOut();
  delete window.google;
  document.head.querySelectorAll('script').forEach((s) => s.remove());
  jest.useRealTimers();
});

describe('Sign In', () => {
  beforeEach(() => {
    api.login.mockResolvedValue({ success: true, message: 'OTP sent' });
  });

  it('offers the Applicant/Referrer selector, an e-mail field with a placeholder, LOGIN and the consent links', async () => {
    renderAuthPage(SignIn);

    const userType = screen.getByRole('group', { name: 'User type' });
    expect(within(userType).getByRole('radio', { name: 'Applicant' })).toBeChecked();
    expect(within(userType).getByRole('radio', { name: 'Referrer' })).not.toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAttribute(
      'placeholder',
      'Enter your email address',
    );
    expect(screen.getByRole('button', { name: 'LOGIN' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Terms and Conditions' })).toHaveAttribute(
      'href',
      '/terms-and-conditions',
    );
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/privacy-policy',
    );
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Referio home' })).toHaveAttribute('href', '/');
    await waitFor(() => expect(api.getAuthConfig).toHaveBeenCalled());
  });

  it('links "Register for free" to the sign-up page', async () => {
    const user = userEvent.setup();
    renderAuthPage(SignIn);

    expect(screen.getByText(/Don't have an account yet\?/)).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Register for free' }));

    expect(screen.getByRole('heading', { name: 'Sign up page' })).toBeInTheDocument();
  });

  it('sends the code, then hides the consent line, LOGIN and Google and shows four boxes with focus on the first', async () => {
    const user = userEvent.setup();
    window.google = { accounts: { id: { initialize: jest.fn(), renderButton: jest.fn() } } };
    renderAuthPage(SignIn, { googleClientId: 'client-123.apps.googleusercontent.com' });
    expect(await screen.findByRole('group', { name: 'Sign in with Google' })).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Referrer' }));
    await requestCode(user, '  Ana@Example.com ');

    expect(api.login).toHaveBeenCalledWith({ email: 'ana@example.com', roleId: 1 });
    expect(await screen.findByText('OTP sent to your email!')).toBeInTheDocument();
    expect(digitBoxes()).toHaveLength(4);
    expect(digitBoxes()[0]).toHaveFocus();
    // The address ends the hint: nothing after it to strand behind an ellipsis on a phone.
    expect(screen.getByText(/digit code sent to/)).toHaveTextContent(
      /^Enter the 4-digit code sent to ana@example\.com$/,
    );
    expect(screen.getByRole('button', { name: 'Verify OTP' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'LOGIN' })).not.toBeInTheDocument();
    expect(screen.queryByText(/you agree to our/)).not.toBeInTheDocument();
    expect(screen.queryByText('or continue with')).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Sign in with Google' })).not.toBeInTheDocument();
  });

  it('refuses an invalid e-mail with an announced message and sends nothing', async () => {
    const user = userEvent.setup();
    renderAuthPage(SignIn);

    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'LOGIN' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please enter a valid email address',
    );
    expect(api.login).not.toHaveBeenCalled();
  });

  it("reads 'Sending OTP...' on a disabled button while the code is being sent", async () => {
    const user = userEvent.setup();
    const send = deferred<{ success: boolean; message: string }>();
    api.login.mockReturnValue(send.promise);
    renderAuthPage(SignIn);

    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'LOGIN' }));

    expect(await screen.findByRole('button', { name: 'Sending OTP...' })).toBeDisabled();
    await act(async () => send.resolve({ success: true, message: 'OTP sent' }));
    expect(await screen.findByRole('group', { name: 'One-time code' })).toBeInTheDocument();
  });

  it("shows the server's message when sending fails, else 'Failed to send OTP. Please try again.'", async () => {
    const user = userEvent.setup();
    api.login
      .mockRejectedValueOnce(new ApiError('No account', 404, 'No account found for this email'))
      .mockRejectedValueOnce(new ApiError('Network error. Please check your connection.', 0));
    renderAuthPage(SignIn);

    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'LOGIN' }));
    expect(await screen.findByText('No account found for this email')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'LOGIN' }));
    expect(await screen.findByText('Failed to send OTP. Please try again.')).toBeInTheDocument();

    // Still on the e-mail step.
    expect(screen.getByRole('button', { name: 'LOGIN' })).toBeEnabled();
    expect(screen.queryByRole('group', { name: 'One-time code' })).not.toBeInTheDocument();
  });

  it('verifies by itself, once, as soon as the fourth digit is typed', async () => {
    const user = userEvent.setup();
    api.verifyOtp.mockResolvedValue(session());
    renderAuthPage(SignIn);
    await requestCode(user);

    await user.keyboard('123');
    expect(api.verifyOtp).not.toHaveBeenCalled();
    await user.keyboard('4');

    await waitFor(() =>
      expect(api.verifyOtp).toHaveBeenCalledWith({
        email: 'ana@example.com',
        otp: '1234',
        roleId: 0,
      }),
    );
    expect(await screen.findByText('OTP Verified Sucessfully!')).toBeInTheDocument();
    expect(api.verifyOtp).toHaveBeenCalledTimes(1);
  });

  it('verifies a pasted four-digit code', async () => {
    const user = userEvent.setup();
    api.verifyOtp.mockResolvedValue(session());
    renderAuthPage(SignIn);
    await requestCode(user);

    await user.paste('9876');

    await waitFor(() =>
      expect(api.verifyOtp).toHaveBeenCalledWith({
        email: 'ana@example.com',
        otp: '9876',
        roleId: 0,
      }),
    );
  });

  it("reads 'Verifying OTP...' while the code is checked and starts no second check meanwhile", async () => {
    const user = userEvent.setup();
    const check = deferred<SessionResponse>();
    api.verifyOtp.mockReturnValue(check.promise);
    renderAuthPage(SignIn);
    await requestCode(user);

    await user.keyboard('1234');

    const busy = await screen.findByRole('button', { name: 'Verifying OTP...' });
    expect(busy).toBeDisabled();
    await user.click(busy);
    expect(api.verifyOtp).toHaveBeenCalledTimes(1);
    await act(async () => check.resolve(session()));
    expect(await screen.findByText('OTP Verified Sucessfully!')).toBeInTheDocument();
  });

  it("shows the server's message when the code is refused, else 'Invalid OTP. Please try again.', and stays on the code step", async () => {
    const user = userEvent.setup();
    api.verifyOtp
      .mockRejectedValueOnce(new ApiError('Wrong code', 400, 'The code is wrong or has expired'))
      .mockRejectedValueOnce(new ApiError('Request failed with status 500', 500));
    renderAuthPage(SignIn);
    await requestCode(user);

    await user.keyboard('1234');
    expect(await screen.findByText('The code is wrong or has expired')).toBeInTheDocument();

    // A wrong code empties the four boxes and puts the focus back in the first one.
    await waitFor(() => expect(digitBoxes()[0]).toHaveFocus());
    expect(digitBoxes().map((b) => (b as HTMLInputElement).value)).toEqual(['', '', '', '']);
    const verifyButton = screen.getByRole('button', { name: 'Verify OTP' });
    expect(verifyButton).toBeDisabled();
    await user.keyboard('5678');
    expect(await screen.findByText('Invalid OTP. Please try again.')).toBeInTheDocument();
    expect(api.verifyOtp).toHaveBeenLastCalledWith(expect.objectContaining({ otp: '5678' }));
    await waitFor(() => expect(digitBoxes()[0]).toHaveFocus());

    expect(api.verifyOtp).toHaveBeenCalledTimes(2);
    expect(digitBoxes()).toHaveLength(4);
    expect(digitBoxes().map((b) => (b as HTMLInputElement).value)).toEqual(['', '', '', '']);
    expect(useSessionStore.getState().applicantUser).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Home page' })).not.toBeInTheDocument();
  });

  it('stores the answer with the selected role and moves to / 1500 ms after verification', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const answer = session();
    api.verifyOtp.mockResolvedValue(answer);
    renderAuthPage(SignIn);

    await user.click(screen.getByRole('radio', { name: 'Referrer' }));
    await requestCode(user);
    await user.keyboard('1234');
    expect(await screen.findByText('OTP Verified Sucessfully!')).toBeInTheDocument();

    const stored = useSessionStore.getState();
    expect(stored.applicantUser).toEqual(answer);
    expect(stored.currentUserInfo).toEqual({ data: answer.data });
    expect(stored.role).toBe('referer');
    expect(window.localStorage.getItem('role')).toBe('referer');

    act(() => jest.advanceTimersByTime(1499));
    expect(screen.queryByRole('heading', { name: 'Home page' })).not.toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.getByRole('heading', { name: 'Home page' })).toBeInTheDocument();
  });

  it('returns to the deep link it was sent from (?next=), and never to another site', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    api.verifyOtp.mockResolvedValue(session());
    renderAuthPage(SignIn, {
      search: `?next=${encodeURIComponent('/dashboard/referralRequests?status=pending&request=r1')}`,
    });
    await requestCode(user);
    await user.keyboard('1234');
    await screen.findByText('OTP Verified Sucessfully!');
    act(() => jest.advanceTimersByTime(1500));
    expect(screen.getByRole('heading', { name: 'Linked page' })).toBeInTheDocument();
  });

  it('goes back to the e-mail step with "Change email"', async () => {
    const user = userEvent.setup();
    renderAuthPage(SignIn);
    await requestCode(user);

    await user.click(screen.getByRole('button', { name: 'Change email' }));

    expect(screen.queryByRole('group', { name: 'One-time code' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'LOGIN' })).toBeEnabled();
    const email = screen.getByRole('textbox', { name: 'Email' });
    expect(email).not.toHaveAttribute('readonly');
    await waitFor(() => expect(email).toHaveFocus());
    expect(screen.getByRole('radio', { name: 'Applicant' })).toBeEnabled();
  });
});

describe('Google sign-in', () => {
  it('is not offered when the API has no Google client id', async () => {
    renderAuthPage(SignIn, { googleClientId: null });

    await waitFor(() => expect(api.getAuthConfig).toHaveBeenCalled());
    await act(async () => {});
    expect(screen.queryByText('or continue with')).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Sign in with Google' })).not.toBeInTheDocument();
    expect(document.querySelector('script[src*="accounts.google.com"]')).toBeNull();
  });

  it("loads Google's script only when a client id is configured", async () => {
    renderAuthPage(SignIn, { googleClientId: 'client-123.apps.googleusercontent.com' });

    expect(await screen.findByText('or continue with')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Sign in with Google' })).toBeInTheDocument();
    expect(
      document.querySelector('script[src="https://accounts.google.com/gsi/client"]'),
    ).not.toBeNull();
  });

  function fakeGoogle() {
    let callback: ((r: GoogleCredentialResponse) => void) | undefined;
    const id: GoogleAccountsId = {
      initialize: jest.fn((config) => {
        callback = config.callback;
      }),
      renderButton: jest.fn(),
    };
    window.google = { accounts: { id } };
    return { id, sendCredential: (credential: string) => callback?.({ credential }) };
  }

  it('sends the Google credential with the selected role, stores the answer and goes to /', async () => {
    const user = userEvent.setup();
    const google = fakeGoogle();
    const answer = session();
    api.oAuth.mockResolvedValue(answer);
    renderAuthPage(SignIn, { googleClientId: 'client-123.apps.googleusercontent.com' });

    const slot = await screen.findByRole('group', { name: 'Sign in with Google' });
    await waitFor(() =>
      expect(google.id.renderButton).toHaveBeenCalledWith(
        slot,
        expect.objectContaining({ text: 'signin_with' }),
      ),
    );
    expect(google.id.initialize).toHaveBeenCalledWith(
      expect.objectContaining({ client_id: 'client-123.apps.googleusercontent.com' }),
    );

    await user.click(screen.getByRole('radio', { name: 'Referrer' }));
    await act(async () => google.sendCredential('google-id-token-abc'));

    expect(api.oAuth).toHaveBeenCalledWith({ credential: 'google-id-token-abc', roleId: 1 });
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(useSessionStore.getState().applicantUser).toEqual(answer);
    expect(useSessionStore.getState().role).toBe('referer');
  });

  it('keeps the page to return to (`?next=`) through Google sign-in, on sign-up too', async () => {
    const google = fakeGoogle();
    api.oAuth.mockResolvedValue(session());
    renderAuthPage(SignUp, {
      path: '/sign-up',
      googleClientId: 'client-123.apps.googleusercontent.com',
      search: `?next=${encodeURIComponent('/dashboard/explore')}`,
    });
    await screen.findByRole('group', { name: 'Sign in with Google' });
    await waitFor(() => expect(google.id.initialize).toHaveBeenCalled());
    await act(async () => google.sendCredential('google-id-token-abc'));
    expect(await screen.findByRole('heading', { name: 'Linked page' })).toBeInTheDocument();
  });

  it('only logs a failed Google sign-in: no message for the user, no move', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    const google = fakeGoogle();
    const failure = new ApiError('Invalid Google token', 401, 'Invalid Google token');
    api.oAuth.mockRejectedValue(failure);
    renderAuthPage(SignIn, { googleClientId: 'client-123.apps.googleusercontent.com' });
    await screen.findByRole('group', { name: 'Sign in with Google' });
    await waitFor(() => expect(google.id.initialize).toHaveBeenCalled());

    await act(async () => google.sendCredential('google-id-token-abc'));

    expect(error).toHaveBeenCalledWith('OAuth Registration Error:', failure);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'LOGIN' })).toBeInTheDocument();
    expect(useSessionStore.getState().applicantUser).toBeNull();
  });
});

describe('Sign Up', () => {
  it('sends the code with api.createUser, verifies the four digits and goes to / after 1500 ms', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    api.createUser.mockResolvedValue({ success: true, message: 'OTP sent' });
    api.verifyOtp.mockResolvedValue(session());
    renderAuthPage(SignUp, { path: '/sign-up' });

    expect(screen.getByRole('heading', { level: 1, name: 'Sign Up' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Applicant' })).toBeChecked();
    expect(screen.getByRole('link', { name: 'Terms and Conditions' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'new@example.com');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(api.createUser).toHaveBeenCalledWith({ email: 'new@example.com', roleId: 0 });
    expect(api.login).not.toHaveBeenCalled();
    expect(await screen.findByText('OTP sent to your email!')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign Up' })).not.toBeInTheDocument();

    await user.keyboard('4321');
    expect(await screen.findByText('OTP Verified Sucessfully!')).toBeInTheDocument();
    expect(api.verifyOtp).toHaveBeenCalledWith({
      email: 'new@example.com',
      otp: '4321',
      roleId: 0,
    });
    expect(useSessionStore.getState().role).toBe('user');

    act(() => jest.advanceTimersByTime(1500));
    expect(screen.getByRole('heading', { name: 'Home page' })).toBeInTheDocument();
  });

  it('links back to sign-in', async () => {
    const user = userEvent.setup();
    renderAuthPage(SignUp, { path: '/sign-up' });

    expect(screen.getByText(/Already have an account\?/)).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Sign in' }));

    expect(screen.getByRole('heading', { name: 'Sign in page' })).toBeInTheDocument();
  });
});

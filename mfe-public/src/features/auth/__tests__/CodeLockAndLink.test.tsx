// The way out of a locked code (Change email, a resend after the server's wait) and signing in with a mailed link.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { ApiError, ToastHost, useSessionStore } from '@referio/shared';
import SignIn from '../../../pages/SignIn';
import { api, makeSession } from '@referio/shared/test-utils';

const LOCKED = 'Too many attempts. Please request a new OTP.';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.hash}</p>;
}

function renderSignIn(url = '/sign-in') {
  api.getAuthConfig.mockResolvedValue({ googleClientId: null });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <Where />
        <Routes>
          <Route path="/sign-in" element={<SignIn />} />
          <Route path="/" element={<h1>Home page</h1>} />
        </Routes>
      </MemoryRouter>
      <ToastHost />
    </QueryClientProvider>,
  );
}

const digitBoxes = () => screen.getAllByRole('textbox', { name: /^Digit \d of 4$/ });

beforeEach(() => {
  jest.useFakeTimers();
  api.login.mockResolvedValue({ success: true, message: 'OTP sent' });
});

afterEach(() => {
  useSessionStore.getState().signOut();
  jest.useRealTimers();
});

async function reachCodeStep(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ana@example.com');
  await user.click(screen.getByRole('button', { name: 'LOGIN' }));
  await screen.findByRole('group', { name: 'One-time code' });
}

describe('the code step after too many wrong codes', () => {
  it("clears the boxes, disables them and Verify, shows the server's message and counts down to 'Resend code'", async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    api.verifyOtp.mockRejectedValue(new ApiError(LOCKED, 429, LOCKED));
    renderSignIn();
    await reachCodeStep(user);
    expect(screen.getByRole('button', { name: 'Resend code in 30s' })).toBeDisabled();

    await user.keyboard('1234');
    const alert = (await screen.findByText(LOCKED)).closest('[role="alert"]');
    expect(alert).not.toBeNull();
    // The plain way in: the mailed link is not touched by the wrong-code limits.
    expect(alert).toHaveTextContent(
      'We sent you a link; it still works. Open the email we sent to ana@example.com and select its sign-in link, in this browser.',
    );
    for (const box of digitBoxes()) {
      expect(box).toHaveValue('');
      expect(box).toBeDisabled();
    }
    expect(screen.getByRole('button', { name: 'Verify OTP' })).toBeDisabled();

    act(() => jest.advanceTimersByTime(10_000));
    expect(screen.getByRole('button', { name: /^Resend code in 2\ds$/ })).toBeDisabled();
    act(() => jest.advanceTimersByTime(21_000));
    const resend = screen.getByRole('button', { name: 'Resend code' });
    expect(resend).toBeEnabled();

    await user.click(resend);
    expect(api.login).toHaveBeenCalledTimes(2);
    expect(api.login).toHaveBeenLastCalledWith({ email: 'ana@example.com', roleId: 0 });
    // The lock lifts once the new code is sent (the send is a call: its answer comes after the click).
    await waitFor(() => expect(screen.queryByText(LOCKED)).not.toBeInTheDocument());
    for (const box of digitBoxes()) expect(box).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Resend code in 30s' })).toBeDisabled();
  });

  it('waits as long as the server says when a resend is refused, and says why', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderSignIn();
    await reachCodeStep(user);
    act(() => jest.advanceTimersByTime(31_000));
    const wait = 'Too many OTP requests for this email. Please try again in 2 minutes.';
    api.login.mockRejectedValueOnce(new ApiError(wait, 429, wait, [], 95));
    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(await screen.findByText(wait)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend code in 95s' })).toBeDisabled();
  });
});

describe('a mailed sign-in link', () => {
  it('signs the browser in with the token from the address, removes it from the address and lands on /', async () => {
    const answer = makeSession({ authMode: 'referrer', roleId: [1, 0] });
    api.checkLink.mockResolvedValue({
      email: 'ana@example.com',
      sameBrowser: true,
      signedInEmail: null,
    });
    api.verifyLink.mockResolvedValue(answer);
    renderSignIn('/sign-in#link=AbCdEfGhIjKlMnOpQrStUv');
    expect(screen.getByRole('status')).toHaveTextContent('Signing you in…');
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(api.verifyLink).toHaveBeenCalledTimes(1);
    expect(api.verifyLink).toHaveBeenCalledWith({ token: 'AbCdEfGhIjKlMnOpQrStUv' });
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/);
    const stored = useSessionStore.getState();
    expect(stored.applicantUser).toEqual(answer);
    expect(stored.role).toBe('referer');
  });

  it('shows why a used or expired link did not work and leaves the e-mail form ready', async () => {
    const used = 'This sign-in link has expired or was already used. Please request a new code.';
    api.checkLink.mockRejectedValue(new ApiError(used, 400, used));
    renderSignIn('/sign-in#link=AbCdEfGhIjKlMnOpQrStUv');
    expect(await screen.findByText(used)).toHaveAttribute('role', 'alert');
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/sign-in$/);
    const form = screen.getByRole('form', { name: 'Sign In' });
    expect(within(form).getByRole('button', { name: 'LOGIN' })).toBeEnabled();
    expect(useSessionStore.getState().applicantUser).toBeNull();
  });

  it('opened in another browser, asks "Sign in as {address}?" and signs in only when told to', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    api.checkLink.mockResolvedValue({
      email: 'mallory@example.com',
      sameBrowser: false,
      signedInEmail: 'ana@example.com',
    });
    api.verifyLink.mockResolvedValue(makeSession());
    renderSignIn('/sign-in#link=AbCdEfGhIjKlMnOpQrStUv');
    expect(
      await screen.findByRole('heading', { name: 'Sign in as mallory@example.com?' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/You are signed in here as ana@example.com/)).toBeInTheDocument();
    expect(api.verifyLink).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Sign in as mallory@example.com' }));
    await screen.findByRole('heading', { name: 'Home page' });
    expect(api.verifyLink).toHaveBeenCalledWith({
      token: 'AbCdEfGhIjKlMnOpQrStUv',
      confirm: true,
    });
  });

  it('cancelled, leaves the link unused and the e-mail form ready', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    api.checkLink.mockResolvedValue({
      email: 'mallory@example.com',
      sameBrowser: false,
      signedInEmail: null,
    });
    renderSignIn('/sign-in#link=AbCdEfGhIjKlMnOpQrStUv');
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('heading', { name: /Sign in as/ })).not.toBeInTheDocument();
    expect(api.verifyLink).not.toHaveBeenCalled();
  });

  it('a "this wasn\'t me" link puts the old address back and says so', async () => {
    const message =
      'Your sign-in email is ana@example.com again, and every session of your account has ended. Please sign in.';
    api.revertEmailChange.mockResolvedValue({ success: true, message });
    renderSignIn('/sign-in#revert=AbCdEfGhIjKlMnOpQrStUv');
    expect(await screen.findByText(message)).toHaveAttribute('role', 'status');
    expect(api.revertEmailChange).toHaveBeenCalledWith({ token: 'AbCdEfGhIjKlMnOpQrStUv' });
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/sign-in$/);
  });

  it('ignores an address without a link token', async () => {
    renderSignIn('/sign-in#something-else');
    await screen.findByRole('button', { name: 'LOGIN' });
    expect(api.verifyLink).not.toHaveBeenCalled();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});

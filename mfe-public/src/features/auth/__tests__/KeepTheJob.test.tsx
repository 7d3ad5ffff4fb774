// "Keep the job through every door": the page that asked for sign-in (`?next=`) survives "Register for
// free", the way back to sign-in, the mailed sign-in link and the code, and Back afterwards does not show
// the sign-in form again.
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { ToastHost, useSessionStore } from '@referio/shared';
import SignIn from '../../../pages/SignIn';
import SignUp from '../../../pages/SignUp';
import { api, makeSession } from '@referio/shared/test-utils';

const JOB = '/job-details/job-1';

/** Shows where the router is, and offers the browser's Back button. */
function Where() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <p data-testid="where">{location.pathname + location.search}</p>
      <button type="button" onClick={() => void navigate(-1)}>
        Browser back
      </button>
    </>
  );
}

/** The job page sends the visitor to sign-in the way the job page does (a pushed entry). */
function JobPage() {
  const navigate = useNavigate();
  return (
    <>
      <h1>The job page</h1>
      <button
        type="button"
        onClick={() => void navigate(`/sign-in?next=${encodeURIComponent(JOB)}`)}
      >
        Sign in to ask for a referral
      </button>
    </>
  );
}

function Start({ to }: { to: string }) {
  const navigate = useNavigate();
  useEffect(() => void navigate(to), [navigate, to]);
  return <h1>Earlier page</h1>;
}

function renderAt(entries: string[]) {
  api.getAuthConfig.mockResolvedValue({ googleClientId: null });
  api.login.mockResolvedValue({ success: true, message: 'OTP sent' });
  api.createUser.mockResolvedValue({ success: true, message: 'OTP sent' });
  api.verifyOtp.mockResolvedValue(makeSession());
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1}>
        <Where />
        <Routes>
          <Route path="/sign-in" element={<SignIn />} />
          <Route path="/sign-up" element={<SignUp />} />
          <Route path="/" element={<h1>Home page</h1>} />
          <Route path="/start" element={<Start to={JOB} />} />
          <Route path="/job-details/:id" element={<JobPage />} />
        </Routes>
      </MemoryRouter>
      <ToastHost />
    </QueryClientProvider>,
  );
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  useSessionStore.getState().signOut();
  jest.useRealTimers();
});

async function codeIn(user: ReturnType<typeof userEvent.setup>, button: string) {
  await user.type(screen.getByRole('textbox', { name: 'Email' }), 'new@example.com');
  await user.click(screen.getByRole('button', { name: button }));
  await screen.findByRole('group', { name: 'One-time code' });
  await user.keyboard('1234');
  await screen.findByText('OTP Verified Sucessfully!');
  act(() => jest.advanceTimersByTime(1500));
}

describe('the job is kept through every door', () => {
  it('job → sign-in → "Register for free" → code: back on the job, and Back does not show a sign-in form', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderAt(['/', JOB]);
    await user.click(screen.getByRole('button', { name: 'Sign in to ask for a referral' }));
    await user.click(await screen.findByRole('link', { name: 'Register for free' }));
    expect(screen.getByTestId('where')).toHaveTextContent(
      `/sign-up?next=${encodeURIComponent(JOB)}`,
    );
    // The other way keeps it too.
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      `/sign-in?next=${encodeURIComponent(JOB)}`,
    );

    await codeIn(user, 'Sign Up');
    // The code mail's sign-in link will lead back to the job as well.
    expect(api.createUser).toHaveBeenCalledWith({
      email: 'new@example.com',
      roleId: 0,
      next: JOB,
    });
    expect(screen.getByRole('heading', { name: 'The job page' })).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent(JOB);

    // Sign-in and sign-up replaced each other and were replaced by the job: Back leaves them out.
    await user.click(screen.getByRole('button', { name: 'Browser back' }));
    expect(screen.getByTestId('where')).not.toHaveTextContent(/sign-(in|up)/);
    expect(screen.getByRole('heading', { name: 'The job page' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Browser back' }));
    expect(screen.getByRole('heading', { name: 'Home page' })).toBeInTheDocument();
  });

  it('sends no `next` for a plain sign-in', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderAt(['/sign-in']);
    await codeIn(user, 'LOGIN');
    expect(api.login).toHaveBeenCalledWith({ email: 'new@example.com', roleId: 0 });
    expect(screen.getByRole('heading', { name: 'Home page' })).toBeInTheDocument();
  });

  it('the mailed sign-in link opens the job it was asked for from, in place of the sign-in page', async () => {
    api.checkLink.mockResolvedValue({
      email: 'new@example.com',
      sameBrowser: true,
      signedInEmail: null,
    });
    api.verifyLink.mockResolvedValue(makeSession());
    renderAt(['/', `/sign-in?next=${encodeURIComponent(JOB)}#link=AbCdEfGhIjKlMnOpQrStUv`]);
    expect(await screen.findByRole('heading', { name: 'The job page' })).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent(new RegExp(`^${JOB}$`));
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    await user.click(screen.getByRole('button', { name: 'Browser back' }));
    expect(screen.getByRole('heading', { name: 'Home page' })).toBeInTheDocument();
  });

  it('a signed-in visitor who comes back to /sign-in?next= goes straight on to that page', async () => {
    useSessionStore.getState().signIn(makeSession());
    renderAt([`/sign-in?next=${encodeURIComponent(JOB)}`]);
    expect(await screen.findByRole('heading', { name: 'The job page' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Email' })).not.toBeInTheDocument();
  });

  it('drops a return path outside the site from "Register for free"', () => {
    renderAt(['/sign-in?next=%2F%2Fevil.example%2Fx']);
    expect(screen.getByRole('link', { name: 'Register for free' })).toHaveAttribute(
      'href',
      '/sign-up',
    );
  });
});

// Sign-in returns to the page that asked for it `?next=` with an internal path only.
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ToastHost, useSessionStore } from '@referio/shared';
import SignIn from '../../../pages/SignIn';
import { api, makeSession } from '@referio/shared/test-utils';

function renderSignIn(url: string) {
  api.getAuthConfig.mockResolvedValue({ googleClientId: null });
  api.login.mockResolvedValue({ success: true, message: 'OTP sent' });
  api.verifyOtp.mockResolvedValue(makeSession());
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/sign-in" element={<SignIn />} />
          <Route path="/" element={<h1>Home page</h1>} />
          <Route path="/job-details/:id" element={<h1>The job page</h1>} />
        </Routes>
      </MemoryRouter>
      <ToastHost />
    </QueryClientProvider>,
  );
}

async function signInWithCode() {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ana@example.com');
  await user.click(screen.getByRole('button', { name: 'LOGIN' }));
  await screen.findByRole('group', { name: 'One-time code' });
  await user.keyboard('1234');
  expect(await screen.findByText('OTP Verified Sucessfully!')).toBeInTheDocument();
  act(() => jest.advanceTimersByTime(1500));
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  useSessionStore.getState().signOut();
  jest.useRealTimers();
});

describe('after the code, sign-in', () => {
  it('returns to the job page that asked for sign-in', async () => {
    renderSignIn('/sign-in?next=%2Fjob-details%2Fjob-1');
    await signInWithCode();
    expect(screen.getByRole('heading', { name: 'The job page' })).toBeInTheDocument();
  });

  it('goes to / for a plain sign-in', async () => {
    renderSignIn('/sign-in');
    await signInWithCode();
    expect(screen.getByRole('heading', { name: 'Home page' })).toBeInTheDocument();
  });

  it('never follows a return address outside the site', async () => {
    renderSignIn('/sign-in?next=https%3A%2F%2Fevil.example%2Fphish');
    await signInWithCode();
    expect(screen.getByRole('heading', { name: 'Home page' })).toBeInTheDocument();
  });
});

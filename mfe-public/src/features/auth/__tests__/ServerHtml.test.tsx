// Sign-up arrives as the server's HTML (ssr/index.tsx) and React takes it over later: what the visitor chose and
// typed in the HTML before then is the form's afterwards (the form library registers the radios with its default).
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { useSessionStore } from '@referio/shared';
import { api } from '@referio/shared/test-utils';
import SignUp from '../../../pages/SignUp';

let root: Root | null = null;
let container: HTMLElement;

beforeEach(() => {
  api.getAuthConfig.mockResolvedValue({ googleClientId: null });
  api.createUser.mockResolvedValue({ success: true, message: 'OTP sent' });
  container = document.createElement('div');
  document.body.appendChild(container);
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  container.remove();
  useSessionStore.getState().signOut();
});

function page(client: QueryClient) {
  return (
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/sign-up']}>
        <SignUp />
      </MemoryRouter>
    </QueryClientProvider>
  );
}

/** The server's HTML of /sign-up in the container, as the browser shows it before any script. */
function serverHtml(): void {
  const client = new QueryClient();
  client.setQueryData(['auth', 'config', {}], { googleClientId: null });
  container.innerHTML = renderToString(page(client));
}

async function takeOver(): Promise<void> {
  const client = new QueryClient();
  client.setQueryData(['auth', 'config', {}], { googleClientId: null });
  await act(async () => {
    root = hydrateRoot(container, page(client));
  });
}

const radio = (value: string) =>
  container.querySelector<HTMLInputElement>(`input[type="radio"][value="${value}"]`)!;

it('shows Applicant chosen in the HTML itself', () => {
  serverHtml();
  expect(radio('0').checked).toBe(true);
  expect(radio('1').checked).toBe(false);
});

it('keeps the type chosen and the address typed before React took over, and sends the code with them', async () => {
  serverHtml();
  radio('1').click();
  container.querySelector<HTMLInputElement>('input[type="email"]')!.value = 'ana@example.com';
  await takeOver();
  expect(screen.getByRole('radio', { name: 'Referrer' })).toBeChecked();
  expect(screen.getByRole('radio', { name: 'Applicant' })).not.toBeChecked();
  expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('ana@example.com');
  await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
  expect(api.createUser).toHaveBeenCalledWith({ email: 'ana@example.com', roleId: 1 });
});

it('keeps Applicant when nothing was chosen', async () => {
  serverHtml();
  await takeOver();
  expect(screen.getByRole('radio', { name: 'Applicant' })).toBeChecked();
  await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'bo@example.com');
  await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
  expect(api.createUser).toHaveBeenCalledWith({ email: 'bo@example.com', roleId: 0 });
});

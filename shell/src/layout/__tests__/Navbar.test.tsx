import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSessionStore } from '@referio/shared';
import { api } from '@referio/shared/test-utils';
import { findPage, makeSession, renderApp, resetApp, signInAs } from '../../test/helpers';

const mainNav = () => screen.getByRole('navigation', { name: 'Main' });

beforeEach(() => {
  resetApp();
  api.getMe.mockResolvedValue(makeSession());
  api.logout.mockResolvedValue({ success: true, message: 'Logged out' });
});

describe('the navbar', () => {
  it('offers Login and Create free account to a visitor, and no Dashboard link', async () => {
    renderApp('/');
    await findPage('mfe_public/Landing');
    const nav = mainNav();
    expect(within(nav).getByRole('link', { name: 'Referio home' })).toHaveAttribute('href', '/');
    expect(within(nav).getByRole('link', { name: 'Browse Companies' })).toHaveAttribute(
      'href',
      '/company-list',
    );
    expect(within(nav).getByRole('link', { name: 'Become a Referrer' })).toHaveAttribute(
      'href',
      '/become-a-referral',
    );
    expect(within(nav).getByRole('link', { name: 'Get Premium' })).toHaveAttribute(
      'href',
      '/premium',
    );
    expect(within(nav).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/sign-in');
    expect(within(nav).getByRole('link', { name: 'Create free account' })).toHaveAttribute(
      'href',
      '/sign-up',
    );
    expect(within(nav).queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
  });

  it('brings a visitor back to the page they were on after Login or Create free account', async () => {
    renderApp('/company-list?company=Acme');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const back = encodeURIComponent('/company-list?company=Acme');
    expect(within(nav).getByRole('link', { name: 'Login' })).toHaveAttribute(
      'href',
      `/sign-in?next=${back}`,
    );
    expect(within(nav).getByRole('link', { name: 'Create free account' })).toHaveAttribute(
      'href',
      `/sign-up?next=${back}`,
    );
  });

  it('greets a signed-in user by first name and links the dashboard', async () => {
    signInAs();
    renderApp('/');
    await findPage('mfe_public/Landing');
    const nav = mainNav();
    expect(within(nav).getByRole('button', { name: 'Hi, Ana' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(within(nav).queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
  });

  it("names the link 'Referrer Dashboard' for a referrer, who has no applicant dashboard", async () => {
    signInAs();
    useSessionStore.getState().setRole('referer');
    renderApp('/');
    await findPage('mfe_public/Landing');
    const nav = mainNav();
    expect(within(nav).getByRole('link', { name: 'Referrer Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(within(nav).queryByRole('link', { name: /^Dashboard$/ })).toBeNull();
  });

  it('logs out from the greeting popup: server session ended, storage cleared, back home', async () => {
    signInAs();
    renderApp('/company-list');
    await findPage('mfe_public/CompanyList');
    const greeting = screen.getByRole('button', { name: 'Hi, Ana' });
    expect(greeting).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(greeting);
    expect(greeting).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));
    expect(await findPage('mfe_public/Landing')).toBeInTheDocument();
    expect(api.logout).toHaveBeenCalled();
    expect(window.localStorage.getItem('applicantUser')).toBeNull();
    expect(within(mainNav()).getByRole('link', { name: 'Login' })).toBeInTheDocument();
  });

  it('still signs out here when the api.logout call fails', async () => {
    api.logout.mockRejectedValue(new Error('offline'));
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    signInAs();
    renderApp('/');
    await findPage('mfe_public/Landing');
    await userEvent.click(screen.getByRole('button', { name: 'Hi, Ana' }));
    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));
    expect(await within(mainNav()).findByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(window.localStorage.getItem('applicantUser')).toBeNull();
  });

  it('links an operator to the console from the greeting popup', async () => {
    const operator = makeSession({ operator: true });
    api.getMe.mockResolvedValue(operator);
    api.getOperatorStatus.mockResolvedValue(true);
    signInAs(operator);
    renderApp('/');
    await findPage('mfe_public/Landing');
    await userEvent.click(screen.getByRole('button', { name: 'Hi, Ana' }));
    const link = screen.getByRole('link', { name: 'Operator console' });
    expect(link).toHaveAttribute('href', '/admin');
    await userEvent.click(link);
    expect(await findPage('mfe_admin/AdminConsole')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Operator console' })).not.toBeInTheDocument();
  });

  it('shows no console link to a user who is not an operator', async () => {
    signInAs();
    renderApp('/');
    await findPage('mfe_public/Landing');
    await userEvent.click(screen.getByRole('button', { name: 'Hi, Ana' }));
    expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Operator console' })).not.toBeInTheDocument();
  });

  it('closes the greeting popup with Escape and gives focus back to the greeting', async () => {
    signInAs();
    renderApp('/');
    await findPage('mfe_public/Landing');
    const greeting = screen.getByRole('button', { name: 'Hi, Ana' });
    await userEvent.click(greeting);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('button', { name: 'Log out' })).not.toBeInTheDocument();
    expect(greeting).toHaveFocus();
  });

  it('folds the links into a burger menu that a followed link closes', async () => {
    renderApp('/');
    await findPage('mfe_public/Landing');
    const burger = within(mainNav()).getByLabelText('Menu', { selector: 'summary' });
    const disclosure = burger.closest('details');
    expect(disclosure).not.toHaveAttribute('open');
    const menu = document.getElementById(burger.getAttribute('aria-controls')!);
    expect(menu).toContainElement(within(mainNav()).getByRole('link', { name: 'Get Premium' }));
    await userEvent.click(burger);
    expect(disclosure).toHaveAttribute('open');
    await userEvent.click(within(mainNav()).getByRole('link', { name: 'Get Premium' }));
    await findPage('mfe_public/Premium');
    expect(disclosure).not.toHaveAttribute('open');
  });

  it('closes the open greeting popup first on Escape, then the menu around it', async () => {
    signInAs();
    renderApp('/');
    await findPage('mfe_public/Landing');
    const burger = within(mainNav()).getByLabelText('Menu', { selector: 'summary' });
    await userEvent.click(burger);
    const greeting = screen.getByRole('button', { name: 'Hi, Ana' });
    await userEvent.click(greeting);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('button', { name: 'Log out' })).not.toBeInTheDocument();
    expect(burger.closest('details')).toHaveAttribute('open');
    expect(greeting).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(burger.closest('details')).not.toHaveAttribute('open');
    expect(burger).toHaveFocus();
  });
});

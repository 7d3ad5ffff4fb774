import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  findPage,
  makeSession,
  mockedLoadRemote,
  renderApp,
  resetApp,
  signInAs,
} from '../../test/helpers';
import { api } from '@referio/shared/test-utils';

beforeEach(() => {
  resetApp();
  api.getMe.mockResolvedValue(makeSession());
});

describe('the site routes', () => {
  it.each([
    ['/', 'mfe_public/Landing'],
    ['/home', 'mfe_public/Landing'],
    ['/sign-in', 'mfe_public/SignIn'],
    ['/sign-up', 'mfe_public/SignUp'],
    ['/company-list', 'mfe_public/CompanyList'],
    ['/job-details/42', 'mfe_public/JobDetails'],
    ['/company/42', 'mfe_public/CompanyPage'],
    ['/company/42/acme-corp', 'mfe_public/CompanyPage'],
    ['/become-a-referral', 'mfe_public/BecomeReferrer'],
    ['/contact-us', 'mfe_public/ContactUs'],
    ['/premium', 'mfe_public/Premium'],
    ['/privacy-policy', 'mfe_public/PrivacyPolicy'],
    ['/terms-and-conditions', 'mfe_public/TermsAndConditions'],
    ['/refund-cancellation-policy', 'mfe_public/RefundPolicy'],
    ['/suspended', 'mfe_public/Suspended'],
  ])('%s shows the page module %s', async (path, module) => {
    renderApp(path);
    expect(await findPage(module)).toBeInTheDocument();
    expect(mockedLoadRemote).toHaveBeenCalledWith(module);
  });

  it('loads only the landing page module on the landing page', async () => {
    renderApp('/');
    await findPage('mfe_public/Landing');
    expect(mockedLoadRemote.mock.calls).toEqual([['mfe_public/Landing']]);
  });

  it("shows 'Page not found' for any other URL, with a way home", async () => {
    renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    expect(mockedLoadRemote).not.toHaveBeenCalled();
  });
});

describe('/create-job-post', () => {
  it('shows the job post wizard to a signed-in user', async () => {
    signInAs();
    renderApp('/create-job-post');
    expect(await findPage('mfe_referrer/CreateJobPost')).toBeInTheDocument();
  });

  it('sends a visitor to /sign-in', async () => {
    renderApp('/create-job-post');
    expect(await findPage('mfe_public/SignIn')).toBeInTheDocument();
    expect(mockedLoadRemote).not.toHaveBeenCalledWith('mfe_referrer/CreateJobPost');
  });
});

describe('the site header and footer', () => {
  it.each(['/', '/company-list', '/become-a-referral', '/contact-us'])(
    'surround %s',
    async (path) => {
      renderApp(path);
      await screen.findByRole('heading', { level: 1 });
      expect(screen.getByRole('banner')).toBeInTheDocument();
      expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    },
  );

  it.each([
    '/sign-in',
    '/sign-up',
    '/create-job',
    '/referrar-signin',
    '/create-referrar',
    '/privacy-policy',
    '/terms-and-conditions',
    '/refund-cancellation-policy',
  ])('are hidden on %s', async (path) => {
    renderApp(path);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
  });
});

describe('moving between pages', () => {
  it('scrolls to the top on every route change', async () => {
    renderApp('/');
    await findPage('mfe_public/Landing');
    jest.mocked(window.scrollTo).mockClear();
    await userEvent.click(screen.getAllByRole('link', { name: 'Browse Companies' })[0]!);
    expect(await findPage('mfe_public/CompanyList')).toBeInTheDocument();
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('keeps the header working when the browser goes back', async () => {
    renderApp('/');
    await findPage('mfe_public/Landing');
    await userEvent.click(screen.getAllByRole('link', { name: 'Become a Referrer' })[0]!);
    await findPage('mfe_public/BecomeReferrer');
    act(() => window.history.back());
    await waitFor(() => expect(window.location.pathname).toBe('/'));
    expect(await findPage('mfe_public/Landing')).toBeInTheDocument();
  });
});

import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getMe } from '@referio/shared';
import {
  fakeRemotePage,
  findPage,
  mockRemotesJson,
  mockedLoadRemote,
  mockedRegisterRemotes,
  REMOTES_JSON,
  renderApp,
  resetApp,
} from '../../test/helpers';
import type * as TestUtils from '@referio/shared/test-utils';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
}));
jest.mock('@referio/shared', () =>
  jest.requireActual<typeof TestUtils>('@referio/shared/test-utils').mockSharedApi(['getMe']),
);

const MESSAGE = 'This part of Referio could not be loaded.';

beforeEach(() => {
  resetApp();
  jest.mocked(getMe).mockRejectedValue(new Error('not signed in'));
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('a remote page', () => {
  it('registers the remotes listed in /remotes.json before loading a page', async () => {
    renderApp('/');
    await findPage('mfe_public/Landing');
    expect(mockedRegisterRemotes).toHaveBeenCalledWith(REMOTES_JSON);
  });

  it('shows a spinner while the page module is on its way', async () => {
    let deliver: (m: unknown) => void = () => undefined;
    mockedLoadRemote.mockImplementation(() => new Promise((resolve) => (deliver = resolve)));
    renderApp('/company-list');
    expect(await screen.findByRole('status')).toHaveTextContent('Loading page…');
    deliver(fakeRemotePage('mfe_public/CompanyList'));
    expect(await findPage('mfe_public/CompanyList')).toBeInTheDocument();
  });

  it('that fails to load shows a clear message, while the header and footer keep working', async () => {
    mockedLoadRemote.mockRejectedValue(new Error('RUNTIME-008 ScriptNetworkError'));
    renderApp('/company-list');
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGE);
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();

    mockedLoadRemote.mockImplementation(async (id: string) => fakeRemotePage(id));
    await userEvent.click(screen.getAllByRole('link', { name: 'Become a Referrer' })[0]!);
    expect(await findPage('mfe_public/BecomeReferrer')).toBeInTheDocument();
  });

  it('loads again when Retry is pressed, and shows the page once the remote answers', async () => {
    mockedLoadRemote.mockRejectedValueOnce(new Error('RUNTIME-008 ScriptNetworkError'));
    renderApp('/company-list');
    await screen.findByText(MESSAGE);
    expect(mockedLoadRemote).toHaveBeenCalledTimes(1);

    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await findPage('mfe_public/CompanyList')).toBeInTheDocument();
    expect(mockedLoadRemote).toHaveBeenCalledTimes(2);
    expect(screen.queryByText(MESSAGE)).not.toBeInTheDocument();
  });

  it('does not remember a failure: a page that failed loads on the next visit', async () => {
    mockedLoadRemote.mockRejectedValueOnce(new Error('down'));
    renderApp('/contact-us');
    await screen.findByText(MESSAGE);
    await userEvent.click(screen.getAllByRole('link', { name: 'Get Premium' })[0]!);
    await findPage('mfe_public/Premium');
    await userEvent.click(screen.getAllByRole('link', { name: 'Contact Us' })[0]!);
    expect(await findPage('mfe_public/ContactUs')).toBeInTheDocument();
  });

  it('that loads but exports no component is reported as a failure', async () => {
    mockedLoadRemote.mockResolvedValueOnce({ default: 42 });
    renderApp('/contact-us');
    expect(await screen.findByText(MESSAGE)).toBeInTheDocument();
  });
});

describe('when /remotes.json cannot be read', () => {
  it('still renders the site chrome and offers Retry, which reads /remotes.json again', async () => {
    const failing = mockRemotesJson('fail');
    renderApp('/');
    expect(await screen.findByText(MESSAGE)).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(failing).toHaveBeenCalledWith(
      '/remotes.json',
      expect.objectContaining({ cache: 'no-store' }),
    );
    expect(mockedLoadRemote).not.toHaveBeenCalled();

    const working = mockRemotesJson('ok');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await findPage('mfe_public/Landing')).toBeInTheDocument();
    expect(working).toHaveBeenCalledTimes(1);
    expect(mockedRegisterRemotes).toHaveBeenCalledTimes(1);
  });
});

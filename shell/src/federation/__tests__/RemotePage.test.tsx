import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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
import { api } from '@referio/shared/test-utils';

const MESSAGE = 'This part of Referio could not be loaded.';

beforeEach(() => {
  resetApp();
  api.getMe.mockRejectedValue(new Error('not signed in'));
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

describe('a remote release the browser refuses (it needs a shared version this tab does not have)', () => {
  const refusal = new Error(
    '[ Federation Runtime ]: Version 2.0.0 from shell of shared singleton module @referio/shared does not satisfy the requirement of mfe_public which needs ^3.0.0)',
  );

  it('says it was refused, why, and what to do, instead of blaming the connection', async () => {
    mockedLoadRemote.mockRejectedValue(refusal);
    renderApp('/company-list');
    const card = await screen.findByRole('alert');
    expect(card).toHaveTextContent(MESSAGE);
    expect(card).toHaveTextContent(
      'This version of the page was refused: it needs @referio/shared ^3.0.0, and this tab has 2.0.0. Reload the page to get versions that work together. If you chose a release for this browser, clear it on the release override page.',
    );
    expect(card).not.toHaveTextContent(/connection/i);
    expect(screen.getByRole('link', { name: 'release override page' })).toHaveAttribute(
      'href',
      '/release-override',
    );
    // A retry in this tab would be refused again: the way out is a reload.
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload page' })).toBeInTheDocument();
  });

  it('a refusal whose message names no versions still says it was refused', async () => {
    mockedLoadRemote.mockRejectedValue(
      new Error('shared module @referio/shared does not satisfy the requirement'),
    );
    renderApp('/company-list');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This version of the page was refused: it needs a shared library this tab does not have.',
    );
  });

  it('a failure that is not a refusal keeps the connection advice and Retry', async () => {
    mockedLoadRemote.mockRejectedValue(new Error('RUNTIME-008 ScriptNetworkError'));
    renderApp('/company-list');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Check your connection and try again.',
    );
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
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

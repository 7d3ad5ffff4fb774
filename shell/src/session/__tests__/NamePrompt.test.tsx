// A name at first sign-in: the prompt after signing in for accounts without a name.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, useSessionStore } from '@referio/shared';
import { api } from '@referio/shared/test-utils';
import { findPage, makeSession, renderApp, resetApp, signInAs } from '../../test/helpers';

const nameless = () => makeSession({ fullName: '', displayName: 'ana' });

beforeEach(() => {
  resetApp();
  api.getMe.mockImplementation(async () => useSessionStore.getState().applicantUser!);
});

describe('the name prompt', () => {
  it('asks a signed-in user without a name, checks the name, saves it and goes away', async () => {
    const user = userEvent.setup();
    signInAs(nameless());
    api.updateName.mockResolvedValue(makeSession({ fullName: 'Ana Rao' }));
    renderApp('/job-details/job-1');

    const dialog = await screen.findByRole('dialog', { name: "What's your name?" });
    const field = within(dialog).getByRole('textbox', { name: /Your full name/ });
    await waitFor(() => expect(field).toHaveFocus());
    // Escape does not leave it: the name is needed.
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: "What's your name?" })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Save name' }));
    expect(within(dialog).getByText('Please enter your name.')).toBeInTheDocument();
    await user.type(field, 'ana@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Save name' }));
    expect(
      within(dialog).getByText('Please enter your name, not an email address.'),
    ).toBeInTheDocument();
    expect(api.updateName).not.toHaveBeenCalled();

    await user.clear(field);
    await user.type(field, '  Ana Rao ');
    await user.click(within(dialog).getByRole('button', { name: 'Save name' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: "What's your name?" })).not.toBeInTheDocument(),
    );
    expect(api.updateName).toHaveBeenCalledWith({ fullName: 'Ana Rao' });
    expect(useSessionStore.getState().currentUserInfo?.data.fullName).toBe('Ana Rao');
    // The page the user came for is still there.
    expect(await findPage('mfe_public/JobDetails')).toBeInTheDocument();
  });

  it("shows the server's refusal and keeps the dialog", async () => {
    const user = userEvent.setup();
    signInAs(nameless());
    api.updateName.mockRejectedValue(new ApiError('Bad', 400, 'Your name must contain letters.'));
    renderApp('/');
    const dialog = await screen.findByRole('dialog', { name: "What's your name?" });
    await user.type(within(dialog).getByRole('textbox', { name: /Your full name/ }), 'Ana');
    await user.click(within(dialog).getByRole('button', { name: 'Save name' }));
    expect(await within(dialog).findByText('Your name must contain letters.')).toBeInTheDocument();
    expect(useSessionStore.getState().currentUserInfo?.data.fullName).toBe('');
  });

  it('waits while signing in is not finished (/sign-in)', async () => {
    signInAs(nameless());
    renderApp('/sign-in');
    await findPage('mfe_public/SignIn');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('never shows for a user with a name', async () => {
    signInAs(makeSession({ fullName: 'Ana Rao' }));
    renderApp('/');
    await findPage('mfe_public/Landing');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

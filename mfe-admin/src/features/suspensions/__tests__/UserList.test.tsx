import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UserList } from '../components/UserList';
import { makeAdminUser, renderPage } from '../../../test/render';
import { api } from '@referio/shared/test-utils';

const suspended = makeAdminUser({
  suspendedAt: '2026-01-06T10:00:00.000Z',
  suspendedReason: 'Spam in chat',
});

async function openDialog() {
  const user = userEvent.setup();
  api.getAdminUsers.mockResolvedValue([makeAdminUser()]);
  renderPage(<UserList />);
  const opener = await screen.findByRole('button', { name: 'Suspend Rita Ref…' });
  await user.click(opener);
  return { user, opener, dialog: screen.getByRole('dialog', { name: 'Suspend Rita Ref?' }) };
}

describe('the suspend dialog', () => {
  it('says what a suspension does, starts in the reason, keeps Tab inside and closes on Escape', async () => {
    const { user, opener, dialog } = await openDialog();
    expect(dialog).toHaveTextContent(
      'Rita Ref (rita@goog-careers.example) can no longer sign in, their open jobs close and their pending referral requests end. You can undo this with Unsuspend.',
    );
    const reason = within(dialog).getByRole('textbox', { name: /Reason/ });
    expect(reason).toHaveFocus();
    expect(reason).toHaveAccessibleDescription(
      'Rita Ref is told this reason by e-mail and when they try to sign in.',
    );
    // Tab goes round the dialog's controls and never leaves it.
    for (let i = 0; i < 6; i++) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
    expect(api.suspendUser).not.toHaveBeenCalled();
  });

  it('refuses to suspend without a reason, and shows a refusal of the server in the dialog', async () => {
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Give a reason for the suspension. The user is told it.',
    );
    expect(api.suspendUser).not.toHaveBeenCalled();
    api.suspendUser.mockRejectedValue(new Error('Request failed with status code 500'));
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Spam');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'That did not work. Try again.',
    );
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});

it('shows why a user is suspended and undoes the suspension with Unsuspend', async () => {
  api.getAdminUsers.mockResolvedValueOnce([suspended]).mockResolvedValue([makeAdminUser()]);
  api.unsuspendUser.mockResolvedValue(makeAdminUser());
  const user = userEvent.setup();
  renderPage(<UserList />);
  const item = await screen.findByRole('listitem', { name: 'rita@goog-careers.example' });
  expect(item).toHaveTextContent('Suspended on');
  expect(item).toHaveTextContent(': Spam in chat');
  await user.click(within(item).getByRole('button', { name: 'Unsuspend Rita Ref' }));
  expect(api.unsuspendUser).toHaveBeenCalledWith('u2');
  expect(await screen.findByText('Rita Ref is no longer suspended.')).toBeInTheDocument();
  await waitFor(() =>
    expect(screen.getByRole('button', { name: 'Suspend Rita Ref…' })).toBeInTheDocument(),
  );
});

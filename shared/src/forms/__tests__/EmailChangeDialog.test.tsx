import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { confirmEmailChange } from '../../api/auth';
import { ApiError } from '../../api/client';
import type { Profile } from '../../contract/profile';
import { EmailChangeDialog } from '../EmailChangeDialog';
import { ToastHost } from '../../ui/ToastHost';

jest.mock('../../api/auth', () => ({
  ...jest.requireActual('../../api/auth'),
  confirmEmailChange: jest.fn(),
}));
const mockedConfirm = jest.mocked(confirmEmailChange);

const profile = { _id: 'u1', email: 'new@example.com', fullName: 'Ana' } as Profile;

function renderDialog(pendingEmail: string | null = 'new@example.com') {
  const onClose = jest.fn();
  const onConfirmed = jest.fn();
  render(
    <>
      <EmailChangeDialog pendingEmail={pendingEmail} onClose={onClose} onConfirmed={onConfirmed} />
      <ToastHost />
    </>,
  );
  return { onClose, onConfirmed };
}

describe('EmailChangeDialog', () => {
  it('asks for the code sent to the new address and confirms it once the fourth digit is in', async () => {
    const user = userEvent.setup();
    mockedConfirm.mockResolvedValue({ success: true, data: profile });
    const { onConfirmed } = renderDialog();
    expect(screen.getByRole('dialog', { name: 'Confirm your new email' })).toHaveTextContent(
      'Enter the 4-digit code sent to new@example.com. Your sign-in email changes only then.',
    );
    await user.click(screen.getAllByRole('textbox')[0]!);
    await user.keyboard('4821');
    expect(mockedConfirm).toHaveBeenCalledWith({ email: 'new@example.com', otp: '4821' });
    expect(onConfirmed).toHaveBeenCalledWith(profile);
    expect(await screen.findByText('Email updated successfully!')).toBeInTheDocument();
  });

  it("shows the server's refusal under the boxes and clears them for another try", async () => {
    const user = userEvent.setup();
    mockedConfirm.mockRejectedValue(
      new ApiError('Invalid OTP. Please try again.', 400, 'Invalid OTP. Please try again.'),
    );
    const { onConfirmed } = renderDialog();
    await user.click(screen.getAllByRole('textbox')[0]!);
    await user.keyboard('1111');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid OTP. Please try again.');
    for (const box of screen.getAllByRole('textbox')) expect(box).toHaveValue('');
    expect(onConfirmed).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Confirm email' })).toBeDisabled();
  });

  it("keeps the old e-mail when closed with 'Keep the old email', and is not shown without a pending one", async () => {
    const user = userEvent.setup();
    const { onClose } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Keep the old email' }));
    expect(onClose).toHaveBeenCalled();
    expect(mockedConfirm).not.toHaveBeenCalled();
  });

  it('renders nothing while no e-mail change waits', () => {
    renderDialog(null);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, sendReport, toast } from '@referio/shared';
import { ReportButton } from '..';

jest.mock('@referio/shared', () => ({
  ...jest.requireActual('@referio/shared'),
  sendReport: jest.fn(),
  toast: { success: jest.fn(), error: jest.fn() },
}));
const mockedSend = jest.mocked(sendReport);

describe('ReportButton', () => {
  it('asks for a reason, then sends the reason and the note for the profile and says thanks', async () => {
    // The component reads the message only.
    mockedSend.mockResolvedValue({
      message: 'Thank you. Our team will look at your report.',
    } as unknown as Awaited<ReturnType<typeof sendReport>>);
    render(<ReportButton targetKind="profile" targetId="u9" what="Ravi Kumar's profile" />);
    await userEvent.click(screen.getByRole('button', { name: "Report Ravi Kumar's profile" }));
    const dialog = screen.getByRole('dialog', { name: "Report Ravi Kumar's profile" });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Choose a reason');
    expect(mockedSend).not.toHaveBeenCalled();

    await userEvent.click(within(dialog).getByRole('radio', { name: 'Spam' }));
    expect(within(dialog).queryByRole('alert')).toBeNull();
    await userEvent.click(
      within(dialog).getByRole('textbox', { name: 'Anything our team should know (optional)' }),
    );
    await userEvent.paste('Sends the same message to everyone');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(mockedSend).toHaveBeenCalledWith({
      targetKind: 'profile',
      targetId: 'u9',
      reason: 'spam',
      note: 'Sends the same message to everyone',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(toast.success).toHaveBeenCalledWith('Thank you. Our team will look at your report.');
  }, 30_000);

  it("shows the server's refusal (the daily limit) in the dialog and keeps it open", async () => {
    mockedSend.mockRejectedValue(
      new ApiError(
        'Request failed',
        429,
        'You can send at most 10 reports a day. Try again tomorrow.',
      ),
    );
    render(<ReportButton targetKind="profile" targetId="u9" what="Ravi Kumar's profile" />);
    await userEvent.click(screen.getByRole('button', { name: "Report Ravi Kumar's profile" }));
    const dialog = screen.getByRole('dialog', { name: "Report Ravi Kumar's profile" });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Harassment or abuse' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'You can send at most 10 reports a day. Try again tomorrow.',
    );
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  }, 30_000);
});

import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ApiError,
  MESSAGES,
  ROLE_APPLICANT,
  ROLE_REFERRER,
  toast,
  updateById,
  type Profile,
} from '@referio/shared';
import { ProfileForm } from '..';
import { makeReferrerProfile } from '@referio/shared/test-utils';

jest.mock('@referio/shared', () => ({
  ...jest.requireActual('@referio/shared'),
  updateById: jest.fn(),
  toast: { success: jest.fn(), error: jest.fn() },
}));
const mockedUpdate = jest.mocked(updateById);

const USER_ID = 'u-1';
const profile: Profile = makeReferrerProfile({ _id: USER_ID });

function renderForm(props: Partial<Parameters<typeof ProfileForm>[0]> = {}) {
  const onSaved = jest.fn();
  render(
    <ProfileForm
      userId={USER_ID}
      roleId={ROLE_APPLICANT}
      profile={profile}
      onSaved={onSaved}
      {...props}
    />,
  );
  return { onSaved, user: userEvent.setup({ delay: null }) };
}

describe('the shared profile form', () => {
  it('starts from the stored profile, without the position unless asked', () => {
    renderForm();
    expect(screen.getByLabelText('Full Name')).toHaveValue('Ravi Menon');
    expect(screen.getByLabelText('Overall Experience (years)')).toHaveValue('9');
    expect(screen.getByRole('list', { name: 'Your skills' })).toHaveTextContent('Leadership');
    expect(screen.queryByLabelText('Position')).not.toBeInTheDocument();
  });

  it('keeps the mobile number to digits, at most 10', () => {
    renderForm();
    const mobile = screen.getByLabelText(/Mobile Number/);
    fireEvent.change(mobile, { target: { value: '98a76-54321099' } });
    expect(mobile).toHaveValue('9876543210');
  });

  it('checks the e-mail with the spec messages and does not save while it is invalid', async () => {
    const { user } = renderForm();
    const email = screen.getByLabelText(/^Email/);
    await user.clear(email);
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    await user.type(email, 'ravi@');
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(mockedUpdate).not.toHaveBeenCalled();
  });

  it('refuses an experience that is not a whole number of years', async () => {
    const { user } = renderForm();
    const exp = screen.getByLabelText('Overall Experience (years)');
    await user.clear(exp);
    await user.type(exp, '4.5');
    expect(
      await screen.findByText('Experience must be a whole number of years (0 to 60)'),
    ).toBeInTheDocument();
  });

  it("saves a referrer's profile with the position and the role, says so and hands the answer on", async () => {
    mockedUpdate.mockResolvedValue({ ...profile, position: 'Director' });
    const { user, onSaved } = renderForm({ roleId: ROLE_REFERRER, withPosition: true });
    const position = screen.getByLabelText('Position');
    await user.clear(position);
    await user.type(position, 'Director');
    await user.type(screen.getByLabelText('Skills'), 'Hiring{Enter}');
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith({ ...profile, position: 'Director' }));
    expect(mockedUpdate).toHaveBeenCalledWith(USER_ID, {
      userId: USER_ID,
      roleId: ROLE_REFERRER,
      updatedData: expect.objectContaining({
        position: 'Director',
        overAllExperience: 9,
        skills: ['Leadership', 'Hiring'],
      }),
    });
    expect(toast.success).toHaveBeenCalledWith(MESSAGES.profileUpdated);
  });

  it('sends no position for a candidate and an empty experience as none', async () => {
    mockedUpdate.mockResolvedValue(profile);
    const { user } = renderForm();
    await user.clear(screen.getByLabelText('Overall Experience (years)'));
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));
    await waitFor(() => expect(mockedUpdate).toHaveBeenCalled());
    const sent = mockedUpdate.mock.calls[0]![1].updatedData;
    expect(sent).not.toHaveProperty('position');
    expect(sent.overAllExperience).toBeNull();
  });

  it('says so when the save fails', async () => {
    mockedUpdate.mockRejectedValue(new Error('down'));
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const { user, onSaved } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(MESSAGES.profileUpdateFailed));
    expect(onSaved).not.toHaveBeenCalled();
  });

  it("asks an older session for the current address's code, then saves again with it", async () => {
    const asked =
      "To change your sign-in email, enter the code we sent to ravi@example.com. It confirms it's you.";
    mockedUpdate
      .mockRejectedValueOnce(new ApiError(asked, 403, asked))
      .mockResolvedValueOnce({ ...profile, pendingEmail: 'new@example.com' });
    const { user } = renderForm();
    const email = screen.getByLabelText(/^Email/);
    await user.clear(email);
    await user.type(email, 'new@example.com');
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));
    const dialog = await screen.findByRole(
      'dialog',
      { name: "Confirm it's you" },
      { timeout: 10_000 },
    );
    expect(dialog).toHaveTextContent(asked);
    await user.click(within(dialog).getAllByRole('textbox')[0]!);
    await user.keyboard('4321');
    await waitFor(() => expect(mockedUpdate).toHaveBeenCalledTimes(2), { timeout: 10_000 });
    expect(mockedUpdate.mock.calls[1]![1]).toEqual(
      expect.objectContaining({ currentEmailOtp: '4321' }),
    );
    expect(
      await screen.findByRole('dialog', { name: 'Confirm your new email' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
  }, 30_000);
});

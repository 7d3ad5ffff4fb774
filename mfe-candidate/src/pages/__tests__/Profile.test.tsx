import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ApiError,
  useSessionStore,
  type Profile as ProfileData,
  type UpdateProfileRequest,
} from '@referio/shared';
import Profile from '../Profile';
import {
  api,
  makeProfile,
  USER_ID,
  renderPage,
  makeMailPreferences,
  makeSession,
} from '@referio/shared/test-utils';

beforeEach(() => {
  api.getMailPreferences.mockResolvedValue(makeMailPreferences());
  api.getBlockedUsers.mockResolvedValue([]);
  api.getJobAlerts.mockResolvedValue([]);
  api.listResumes.mockResolvedValue([]);
});

async function openProfile(profile: ProfileData = makeProfile()) {
  api.getByIdUser.mockResolvedValue(profile);
  renderPage(<Profile />, { session: makeSession() });
  await screen.findByRole('button', { name: 'Update Profile' });
}

const file = (name: string, type: string, size: number) => {
  const f = new File(['x'], name, { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
};

describe('the candidate profile', () => {
  it('loads the profile of the signed-in candidate into the form', async () => {
    await openProfile(makeProfile({ homeAddress: 'MG Road', mobileNo: '9876543210' }));
    expect(api.getByIdUser).toHaveBeenCalledWith(USER_ID, 0);
    expect(screen.getByLabelText('Full Name')).toHaveValue('Ana Rao');
    expect(screen.getByLabelText('Home Address')).toHaveValue('MG Road');
    expect(screen.getByLabelText(/Mobile Number/)).toHaveValue('9876543210');
  });

  it("says 'Something went wrong while loading profile.' when it cannot be loaded", async () => {
    api.getByIdUser.mockRejectedValue(new Error('down'));
    renderPage(<Profile />, { session: makeSession() });
    const message = await screen.findByText('Something went wrong while loading profile.', {
      selector: 'p',
    });
    expect(message).toHaveAttribute('role', 'alert');
    expect(screen.queryByRole('button', { name: 'Update Profile' })).not.toBeInTheDocument();
  });

  it('blocks the submit with the message while the e-mail is wrong or missing', async () => {
    await openProfile();
    const email = screen.getByLabelText(/^Email/);
    await userEvent.clear(email);
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    await userEvent.type(email, 'not-an-email');
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(api.updateById).not.toHaveBeenCalled();
  });

  it('lets no letter and no eleventh digit into the mobile number', async () => {
    await openProfile();
    const mobile = screen.getByLabelText(/Mobile Number/);
    await userEvent.type(mobile, '98a7b6-54321099');
    expect(mobile).toHaveValue('9876543210');
    fireEvent.change(mobile, { target: { value: '123456789012' } });
    expect(mobile).toHaveValue('1234567890');
  });

  it('refuses a date of birth after today', async () => {
    await openProfile();
    const dob = screen.getByLabelText('Date of Birth');
    const tomorrow = new Date(Date.now() + 86_400_000);
    const iso = `${tomorrow.getFullYear()}-${String(tomorrow.getMonth() + 1).padStart(2, '0')}-${String(tomorrow.getDate()).padStart(2, '0')}`;
    expect(dob).toHaveAttribute('max');
    expect(dob.getAttribute('max')! < iso).toBe(true);
    fireEvent.change(dob, { target: { value: iso } });
    expect(await screen.findByText('Date of birth cannot be later than today')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(api.updateById).not.toHaveBeenCalled();
  });

  it('saves the details, says so, and updates the session user the avatar popover shows', async () => {
    await openProfile();
    let resolve!: (p: ProfileData) => void;
    api.updateById.mockImplementation(
      (_id, body: UpdateProfileRequest) =>
        new Promise<ProfileData>((r) => {
          resolve = r;
          void body;
        }),
    );
    const fullName = screen.getByLabelText('Full Name');
    await userEvent.clear(fullName);
    await userEvent.type(fullName, 'Ana Maria Rao');
    await userEvent.type(screen.getByLabelText('Overall Experience (years)'), '{Backspace}6');
    await userEvent.type(screen.getByLabelText('Summary'), 'Frontend engineer');
    await userEvent.type(screen.getByLabelText('Skills'), 'Node{Enter}');
    await userEvent.click(screen.getByRole('button', { name: 'Update Profile' }));

    expect(await screen.findByRole('button', { name: 'Updating...' })).toBeDisabled();
    expect(api.updateById).toHaveBeenCalledWith(USER_ID, {
      userId: USER_ID,
      roleId: 0,
      updatedData: expect.objectContaining({
        fullName: 'Ana Maria Rao',
        email: 'ana@example.com',
        overAllExperience: 6,
        summary: 'Frontend engineer',
        skills: ['React', 'Node'],
      }),
    });
    resolve(
      makeProfile({
        fullName: 'Ana Maria Rao',
        overAllExperience: 6,
        summary: 'Frontend engineer',
        skills: ['React', 'Node'],
      }),
    );
    expect(await screen.findByText('Profile updated successfully!')).toBeInTheDocument();
    const user = useSessionStore.getState().currentUserInfo?.data;
    expect(user).toMatchObject({
      fullName: 'Ana Maria Rao',
      overAllExperience: 6,
      summary: 'Frontend engineer',
      skills: ['React', 'Node'],
    });
  });

  it('keeps the old e-mail after a save that changes it, and asks for the code sent to the new one', async () => {
    await openProfile();
    api.updateById.mockResolvedValue({ ...makeProfile(), pendingEmail: 'ana.new@example.com' });
    const email = screen.getByRole('textbox', { name: /^Email/ });
    await userEvent.clear(email);
    await userEvent.type(email, 'ana.new@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Update Profile' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm your new email' });
    expect(dialog).toHaveTextContent('Enter the 4-digit code sent to ana.new@example.com.');
    expect(screen.getByRole('textbox', { name: /^Email/ })).toHaveValue('ana@example.com');
  });

  it("says 'Error updating profile.Please try again.' when the save fails", async () => {
    await openProfile();
    api.updateById.mockRejectedValue(new Error('down'));
    await userEvent.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(await screen.findByText('Error updating profile.Please try again.')).toBeInTheDocument();
  });

  it('refuses a photo over 5 MB and uploads a small image, storing its link', async () => {
    await openProfile();
    const input = screen.getByLabelText('Change photo');
    await userEvent.upload(input, file('big.png', 'image/png', 6 * 1024 * 1024));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Profile image size should not exceed 5 MB',
    );
    expect(api.profileImgUpload).not.toHaveBeenCalled();

    api.profileImgUpload.mockResolvedValue({
      profileImageLink: `/api/documentsUpload/profileImage/${USER_ID}`,
    });
    await userEvent.upload(input, file('me.png', 'image/png', 2048));
    expect(await screen.findByText('Profile image uploaded successfully!')).toBeInTheDocument();
    expect(api.profileImgUpload).toHaveBeenCalledWith(
      expect.any(File),
      USER_ID,
      expect.any(Function),
    );
    expect(useSessionStore.getState().profileImageLink).toMatch(
      new RegExp(`^/api/documentsUpload/profileImage/${USER_ID}\\?v=\\d+$`),
    );
  });

  it("says 'Error uploading profile image.' when the photo upload fails", async () => {
    await openProfile();
    api.profileImgUpload.mockRejectedValue(new Error('down'));
    await userEvent.upload(screen.getByLabelText('Change photo'), file('me.png', 'image/png', 10));
    expect(await screen.findByText('Error uploading profile image.')).toBeInTheDocument();
  });

  it("shows the server's reason under 'Error uploading profile image.' when the photo is refused", async () => {
    await openProfile();
    api.profileImgUpload.mockRejectedValue(
      new ApiError('Bad image', 400, 'The file is not an image.'),
    );
    await userEvent.upload(screen.getByLabelText('Change photo'), file('me.png', 'image/png', 10));
    expect(
      await screen.findByText(/^Error uploading profile image\.\s+The file is not an image\.$/),
    ).toBeInTheDocument();
  });
});

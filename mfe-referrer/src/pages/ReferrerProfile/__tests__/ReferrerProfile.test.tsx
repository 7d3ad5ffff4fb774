import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReferrerProfile as ReferrerProfileData } from '@referio/shared';
import ReferrerProfile from '..';
import {
  api,
  USER_ID,
  renderPage,
  makeMailPreferences,
  makeReferrerProfile,
} from '@referio/shared/test-utils';
import { signInAs } from '../../../test/persona';

const profile: ReferrerProfileData = {
  ...makeReferrerProfile(),
  workEmailHistory: [
    { _id: 'h1', email: 'ravi@acme-corp.com', companyName: 'Acme Corp', startDate: '2026-03-05' },
  ],
};

beforeEach(() => {
  api.getMailPreferences.mockResolvedValue(makeMailPreferences());
  api.getBlockedUsers.mockResolvedValue([]);
  signInAs();
  api.getByIdReferer.mockResolvedValue(profile);
});

describe('the referrer profile', () => {
  it('loads the profile and the work e-mail history with formatted start dates', async () => {
    renderPage(<ReferrerProfile />);
    expect(await screen.findByLabelText('Full Name')).toHaveValue('Ravi Menon');
    expect(screen.getByRole('cell', { name: 'ravi@acme-corp.com' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '05 Mar 2026' })).toBeInTheDocument();
    expect(screen.queryByText(/resume/i)).not.toBeInTheDocument();
    expect(api.getByIdReferer).toHaveBeenCalledWith(USER_ID, 1);
  });

  it('keeps the mobile number to digits, at most 10', async () => {
    renderPage(<ReferrerProfile />);
    const mobile = await screen.findByLabelText('Mobile Number');
    fireEvent.change(mobile, { target: { value: '98a76-54321099' } });
    expect(mobile).toHaveValue('9876543210');
  });

  it('checks the e-mail with the spec messages and blocks the update while it is invalid', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage(<ReferrerProfile />);
    const email = await screen.findByLabelText(/^Email/);
    await user.clear(email);
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    await user.type(email, 'ravi@');
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(api.updateById).not.toHaveBeenCalled();
  });

  it('saves the profile and says "Profile updated successfully!"', async () => {
    api.updateById.mockResolvedValue({ ...profile, fullName: 'Ravi K Menon' });
    const user = userEvent.setup({ delay: null });
    renderPage(<ReferrerProfile />);
    const name = await screen.findByLabelText('Full Name');
    await user.clear(name);
    await user.type(name, 'Ravi K Menon');
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(await screen.findByText('Profile updated successfully!')).toBeInTheDocument();
    expect(api.updateById).toHaveBeenCalledWith(USER_ID, {
      userId: USER_ID,
      roleId: 1,
      updatedData: expect.objectContaining({
        fullName: 'Ravi K Menon',
        position: 'Engineering Manager',
        overAllExperience: 9,
      }),
    });
  });
});

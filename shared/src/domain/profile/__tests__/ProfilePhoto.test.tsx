import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, profileImgUpload, toast } from '@referio/shared';
import { IMAGE_ONLY, ProfilePhoto } from '..';

jest.mock('@referio/shared', () => ({
  ...jest.requireActual('@referio/shared'),
  profileImgUpload: jest.fn(),
  toast: { success: jest.fn(), error: jest.fn() },
}));
const mockedUpload = jest.mocked(profileImgUpload);

const file = (name: string, type: string, size: number) => {
  const f = new File(['x'], name, { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
};

function renderPhoto(photo: string | null = null) {
  const onUploaded = jest.fn();
  render(<ProfilePhoto userId="u-1" name="Ravi Menon" photo={photo} onUploaded={onUploaded} />);
  return { onUploaded, user: userEvent.setup({ applyAccept: false, delay: null }) };
}

describe('the shared profile photo', () => {
  it("shows the name's initials without a photo, the photo with one", () => {
    const { unmount } = render(
      <ProfilePhoto userId="u-1" name="Ravi Menon" photo={null} onUploaded={jest.fn()} />,
    );
    expect(screen.getByText('RM')).toHaveAttribute('aria-hidden', 'true');
    unmount();
    renderPhoto('/p.png');
    expect(screen.getByRole('img', { name: 'Your profile photo' })).toHaveAttribute(
      'src',
      '/p.png',
    );
  });

  it('refuses a file that is not an image, and one over 5 MB, without uploading', async () => {
    const { user } = renderPhoto();
    await user.upload(screen.getByLabelText('Change photo'), file('cv.pdf', 'application/pdf', 10));
    expect(screen.getByRole('alert')).toHaveTextContent(IMAGE_ONLY);
    await user.upload(
      screen.getByLabelText('Change photo'),
      file('big.png', 'image/png', 5 * 1024 * 1024 + 1),
    );
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.profileImageTooLarge);
    expect(mockedUpload).not.toHaveBeenCalled();
  });

  it('uploads an image and hands on a cache-busted address', async () => {
    mockedUpload.mockResolvedValue({ profileImageLink: '/api/files/me.png' });
    const { user, onUploaded } = renderPhoto();
    await user.upload(screen.getByLabelText('Change photo'), file('me.png', 'image/png', 10));
    await waitFor(() =>
      expect(onUploaded).toHaveBeenCalledWith(
        expect.stringMatching(/^\/api\/files\/me\.png\?v=\d+$/),
      ),
    );
    expect(mockedUpload).toHaveBeenCalledWith(expect.any(File), 'u-1', expect.any(Function));
    expect(toast.success).toHaveBeenCalledWith(MESSAGES.profileImageUploaded);
  });

  it('says why an upload failed', async () => {
    mockedUpload.mockRejectedValue(new Error('down'));
    const { user, onUploaded } = renderPhoto();
    await user.upload(screen.getByLabelText('Change photo'), file('me.png', 'image/png', 10));
    await waitFor(() => expect(toast.error).toHaveBeenCalled());
    expect(String(jest.mocked(toast.error).mock.calls[0]![0])).toContain(
      MESSAGES.profileImageUploadFailed,
    );
    expect(onUploaded).not.toHaveBeenCalled();
  });
});

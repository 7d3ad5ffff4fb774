import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { JobPageActions } from '../components/JobPageActions';
import { api, JOB_ID, renderPage, USER_ID } from '@referio/shared/test-utils';

const JOB = { _id: JOB_ID, jobTitle: 'Data Engineer', companyName: 'Globex' };
const LINK = `${window.location.origin}/job-details/${JOB_ID}`;

/** A phone (a coarse pointer) or a laptop, with or without the system share sheet. */
function device({ phone, share }: { phone: boolean; share?: jest.Mock }) {
  window.matchMedia = ((query: string) => ({
    matches: phone && query === '(pointer: coarse)',
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  })) as unknown as typeof window.matchMedia;
  Object.defineProperty(navigator, 'share', { value: share, configurable: true });
}

beforeEach(() => api.savedAmong.mockResolvedValue([]));

describe('Share on the job page', () => {
  it("copies the job's link on a laptop and says 'Link copied'", async () => {
    const user = userEvent.setup();
    device({ phone: false, share: jest.fn() });
    renderPage(<JobPageActions job={JOB} userId={null} />);
    await user.click(screen.getByRole('button', { name: 'Share Data Engineer at Globex' }));
    expect(await screen.findByText('Link copied')).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe(LINK);
  });

  it("opens the phone's share sheet with the job's title and link", async () => {
    const user = userEvent.setup();
    const share = jest.fn().mockResolvedValue(undefined);
    device({ phone: true, share });
    renderPage(<JobPageActions job={JOB} userId={null} />);
    await user.click(screen.getByRole('button', { name: 'Share Data Engineer at Globex' }));
    expect(share).toHaveBeenCalledWith({ title: 'Data Engineer at Globex', url: LINK });
    expect(screen.queryByText('Link copied')).toBeNull();
  });

  it('copies the link on a phone without a share sheet', async () => {
    const user = userEvent.setup();
    device({ phone: true, share: undefined });
    renderPage(<JobPageActions job={JOB} userId={null} />);
    await user.click(screen.getByRole('button', { name: 'Share Data Engineer at Globex' }));
    expect(await screen.findByText('Link copied')).toBeInTheDocument();
  });
});

describe('the heart on the job page', () => {
  it('is offered signed in only, shows the saved state from the server and saves the job', async () => {
    const user = userEvent.setup();
    device({ phone: false });
    const { unmount } = renderPage(<JobPageActions job={JOB} userId={null} />);
    expect(screen.queryByRole('button', { name: /^Save / })).toBeNull();
    unmount();

    api.saveJob.mockResolvedValue({ jobPostId: JOB_ID, saved: true });
    renderPage(<JobPageActions job={JOB} userId={USER_ID} />);
    const heart = screen.getByRole('button', { name: 'Save Data Engineer at Globex' });
    await waitFor(() => expect(heart).toBeEnabled());
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    expect(heart).toHaveTextContent('Save');
    await user.click(heart);
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    expect(heart).toHaveTextContent('Saved');
    expect(api.saveJob).toHaveBeenCalledWith(JOB_ID);
  });

  it('reads as saved when the server says so (after a reload)', async () => {
    device({ phone: false });
    api.savedAmong.mockResolvedValue([JOB_ID]);
    renderPage(<JobPageActions job={JOB} userId={USER_ID} />);
    const heart = screen.getByRole('button', { name: 'Save Data Engineer at Globex' });
    await waitFor(() => expect(heart).toHaveAttribute('aria-pressed', 'true'));
  });
});

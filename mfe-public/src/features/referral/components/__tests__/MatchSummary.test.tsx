import { screen, waitFor } from '@testing-library/react';
import { ApiError } from '@referio/shared';
import { api, JOB_ID, renderPage } from '@referio/shared/test-utils';
import { MatchSummary } from '../MatchSummary';

const FILE_ID = 'f11e0000-0000-4000-8000-000000000001';

describe('MatchSummary (the request dialog)', () => {
  it('reads the chosen resume against the job, announcing the summary when it comes', async () => {
    api.getMatchPreview.mockResolvedValue({
      status: 'read',
      matched: ['React', 'TypeScript', 'Node.js', 'SQL'],
      missing: ['Go', 'Kubernetes'],
      years: 5,
      jobExperience: '3-6',
    });
    renderPage(<MatchSummary jobId={JOB_ID} resumeId={FILE_ID} />);
    const match = screen.getByRole('group', { name: 'Resume match' });
    expect(match).toHaveAttribute('aria-live', 'polite');
    expect(match).toHaveTextContent('Reading the resume…');
    await waitFor(() =>
      expect(match).toHaveTextContent(
        'Matches 4 of 6 skills: React, TypeScript, Node.js, SQL; missing: Go, Kubernetes',
      ),
    );
    expect(match).toHaveTextContent('About 5 years of experience (job asks 3–6 years)');
    expect(api.getMatchPreview).toHaveBeenCalledWith(JOB_ID, FILE_ID);
  });

  it("says when the resume can't be read, and when the summary can't be loaded", async () => {
    api.getMatchPreview.mockResolvedValueOnce({
      status: 'unreadable',
      matched: [],
      missing: [],
      years: null,
      jobExperience: '3-6',
    });
    const { unmount } = renderPage(<MatchSummary jobId={JOB_ID} resumeId={FILE_ID} />);
    expect(
      await screen.findByText(
        "Couldn't read this resume: the PDF is damaged or password-protected.",
      ),
    ).toBeVisible();
    unmount();
    api.getMatchPreview.mockRejectedValueOnce(new ApiError('Server error', 500));
    renderPage(<MatchSummary jobId={JOB_ID} resumeId="f11e0000-0000-4000-8000-000000000002" />);
    expect(await screen.findByText('The match summary could not be loaded.')).toBeVisible();
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@referio/shared';
import JobPosts from '..';
import { api, USER_ID, renderPage } from '@referio/shared/test-utils';
import { myJob, signInAs } from '../../../test/persona';

const job = myJob();

beforeEach(() => {
  signInAs();
  api.getAllJobPostByUserId.mockResolvedValue({ data: [job], total: 1 });
});

describe('job posts', () => {
  it('lists the posts with date, location, type, "No" referrals and 3 skills plus "+N more"', async () => {
    renderPage(<JobPosts />);
    const card = await screen.findByRole('article', { name: 'Frontend Engineer' });
    expect(within(card).getByText('Remote')).toBeInTheDocument();
    expect(within(card).getByText('Full-time')).toBeInTheDocument();
    expect(within(card).getByText('No')).toBeInTheDocument();
    expect(within(card).getByText('+2 more')).toBeInTheDocument();
    expect(within(card).queryByText('Testing')).not.toBeInTheDocument();
    expect(api.getAllJobPostByUserId).toHaveBeenCalledWith({
      userId: USER_ID,
      search: '',
      start: 0,
      limit: 9,
    });
  });

  it('asks the server for one status per tab', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage(<JobPosts />);
    await screen.findByRole('article', { name: 'Frontend Engineer' });
    await user.click(screen.getByRole('tab', { name: 'Inactive Jobs' }));
    await waitFor(() =>
      expect(api.getAllJobPostByUserId).toHaveBeenLastCalledWith({
        userId: USER_ID,
        search: '',
        start: 0,
        limit: 9,
        status: 'inactive',
      }),
    );
  });

  it('saves the active switch at once', async () => {
    api.updateJobStatus.mockResolvedValue({ ...job, status: 'inactive' });
    const user = userEvent.setup({ delay: null });
    renderPage(<JobPosts />);
    const toggle = await screen.findByRole('switch', { name: 'Active: Frontend Engineer' });
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(api.updateJobStatus).toHaveBeenCalledWith(job._id, 'inactive');
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).toHaveAttribute('aria-checked', 'false');
  });

  it('rolls the switch back with a toast when the save fails', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    api.updateJobStatus.mockRejectedValue(new ApiError('Server error', 500));
    const user = userEvent.setup({ delay: null });
    renderPage(<JobPosts />);
    const toggle = await screen.findByRole('switch', { name: 'Active: Frontend Engineer' });
    await user.click(toggle);
    expect(await screen.findByText('Failed to update job.')).toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-checked', 'true');
  });

  it('shows the details and saves an edit with comma-separated skills and notes, trimmed', async () => {
    api.updateJobPost.mockResolvedValue(job);
    const user = userEvent.setup({ delay: null });
    renderPage(<JobPosts />);
    await user.click(await screen.findByRole('button', { name: 'See Details: Frontend Engineer' }));
    const details = screen.getByRole('dialog', { name: 'Frontend Engineer' });
    expect(within(details).getByText('₹12-18 LPA')).toBeInTheDocument();
    expect(within(details).getByText('IT')).toBeInTheDocument();
    expect(within(details).getByText('3-6 years')).toBeInTheDocument();
    await user.click(within(details).getByRole('button', { name: 'Edit Job' }));

    const form = screen.getByRole('dialog', { name: 'Edit Job' });
    fireEvent.change(within(form).getByLabelText('Required Skills'), {
      target: { value: ' React ,  Go,, React ' },
    });
    fireEvent.change(within(form).getByLabelText('Notes'), {
      target: { value: 'Mentor juniors ,  Own releases' },
    });
    await user.click(within(form).getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByRole('dialog', { name: 'Job Updated!' })).toBeInTheDocument();
    expect(api.updateJobPost).toHaveBeenCalledWith(
      job._id,
      expect.objectContaining({
        requiredSkills: ['React', 'Go'],
        notes: ['Mentor juniors', 'Own releases'],
        jobDescription: ['Build the web app', 'Review code'],
      }),
    );
  });

  it('keeps the edit form open with "Failed to update job." when the server refuses', async () => {
    api.updateJobPost.mockRejectedValue(new ApiError('Bad', 400, 'Bad'));
    const user = userEvent.setup({ delay: null });
    renderPage(<JobPosts />);
    await user.click(await screen.findByRole('button', { name: 'See Details: Frontend Engineer' }));
    await user.click(screen.getByRole('button', { name: 'Edit Job' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to update job.');
    expect(screen.getByRole('dialog', { name: 'Edit Job' })).toBeInTheDocument();
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import GiveReferral from '..';
import { api, USER_ID, renderPage } from '@referio/shared/test-utils';
import { myJob, signInAs } from '../../../test/persona';

beforeEach(() => signInAs());

describe('give referral', () => {
  it("lists the referrer's active jobs, 9 a page from the server, with the default ₹1000 bonus", async () => {
    api.getAllJobPostByUserId.mockResolvedValue({ data: [myJob()], total: 1 });
    renderPage(<GiveReferral />);
    const card = await screen.findByRole('article', { name: 'Frontend Engineer' });
    expect(within(card).getByText('Referral Bonus: ₹1,000')).toBeInTheDocument();
    expect(within(card).getByText('3 days ago')).toBeInTheDocument();
    expect(api.getAllJobPostByUserId).toHaveBeenCalledWith({
      userId: USER_ID,
      search: '',
      start: 0,
      limit: 9,
      status: 'active',
    });
  });

  it('shows details with "No skills specified" when a job has none', async () => {
    api.getAllJobPostByUserId.mockResolvedValue({
      data: [myJob({ requiredSkills: [] })],
      total: 1,
    });
    const user = userEvent.setup({ delay: null });
    renderPage(<GiveReferral />);
    await user.click(await screen.findByRole('button', { name: 'See Details: Frontend Engineer' }));
    const dialog = screen.getByRole('dialog', { name: 'Frontend Engineer' });
    expect(within(dialog).getByText('No skills specified')).toBeInTheDocument();
    expect(within(dialog).getByText('Own the design system')).toBeInTheDocument();
  });

  it('"Give Referral" opens the referral requests of that job', async () => {
    api.getAllJobPostByUserId.mockResolvedValue({ data: [myJob()], total: 1 });
    const user = userEvent.setup({ delay: null });
    renderPage(<GiveReferral />);
    await user.click(
      await screen.findByRole('button', { name: 'Give Referral: Frontend Engineer' }),
    );
    expect(screen.getByRole('status', { name: 'Current path' })).toHaveTextContent(
      `/dashboard/referralRequests?job=${myJob()._id}&title=Frontend+Engineer`,
    );
  });

  it('says "No jobs match your search." when a search finds nothing', async () => {
    api.getAllJobPostByUserId.mockImplementation(async ({ search }) =>
      search ? { data: [], total: 0 } : { data: [myJob()], total: 1 },
    );
    renderPage(<GiveReferral />);
    await screen.findByRole('article', { name: 'Frontend Engineer' });
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'zzz' } });
    expect(
      await screen.findByText('No jobs match your search.', {}, { timeout: 2000 }),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(api.getAllJobPostByUserId).toHaveBeenLastCalledWith(
        expect.objectContaining({ search: 'zzz' }),
      ),
    );
  });

  it('filters the jobs on the server with the shared filter bar, and says when none match', async () => {
    api.getAllJobPostByUserId.mockImplementation(async (body) =>
      body.jobType ? { data: [], total: 0 } : { data: [myJob()], total: 1 },
    );
    const user = userEvent.setup({ delay: null });
    renderPage(<GiveReferral />);
    await screen.findByRole('article', { name: 'Frontend Engineer' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Job type' }), 'Part-time');
    expect(await screen.findByText('No jobs match your search.')).toBeInTheDocument();
    expect(api.getAllJobPostByUserId).toHaveBeenLastCalledWith({
      userId: USER_ID,
      search: '',
      start: 0,
      limit: 9,
      status: 'active',
      jobType: 'Part-time',
    });
    await user.click(screen.getByRole('button', { name: 'Remove filter Job type: Part-time' }));
    expect(await screen.findByRole('article', { name: 'Frontend Engineer' })).toBeInTheDocument();
  });
});

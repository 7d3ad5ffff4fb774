import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { ApiError, useSessionStore } from '@referio/shared';
import CreateJobPost from '..';
import { api, USER_ID, makeReferrer, renderPage } from '@referio/shared/test-utils';
import { myJob, signInAs, workEmailVerified } from '../../../test/persona';

/** Fills fields directly (fast); the chip inputs still get their Enter key. */
const setValue = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { exact: false, selector: 'input,select' }), {
    target: { value },
  });
const addItems = (label: string, items: string[]) => {
  const input = screen.getByLabelText(label, { exact: false, selector: 'input' });
  for (const item of items) {
    fireEvent.change(input, { target: { value: item } });
    fireEvent.keyDown(input, { key: 'Enter' });
  }
};

function fillStep1(skip?: string) {
  const values: [string, string][] = [
    ['Company Name', 'Acme Corp'],
    ['Job Title', 'Frontend Engineer'],
    ['Address', '12 MG Road, Bengaluru'],
    ['Job Location', 'Remote'],
    ['Industry', 'it'],
    ['Job Type', 'Full-time'],
  ];
  for (const [label, value] of values) if (label !== skip) setValue(label, value);
}

function fillStep2(skip?: string) {
  if (skip !== 'Job Description') addItems('Job Description', ['Build the web app', 'Review code']);
  if (skip !== 'Experience') setValue('Experience', '3-6');
  if (skip !== 'Required Skills') addItems('Required Skills', ['React', ' TypeScript ']);
  if (skip !== 'Notes') addItems('Notes', ['Own the design system']);
  if (skip !== 'Salary Range (LPA)') setValue('Salary Range (LPA)', '12-18');
}

/** Both steps filled in, then 'Post Job'. */
async function fillAndPost(user: UserEvent) {
  fillStep1();
  await user.click(screen.getByRole('button', { name: 'Next' }));
  fillStep2();
  await user.click(screen.getByRole('button', { name: 'Post Job' }));
}

beforeEach(() => {
  // A referrer with a verified work e-mail, unless a test says otherwise.
  signInAs({ workEmailAdded: true });
});

/** The work-email dialog, through to a verified address counting for `companies`. */
async function verifyWorkEmail(user: UserEvent, companies: string[] = ['Acme Corp']) {
  api.workEmailVerify.mockResolvedValue({ success: true, message: 'OTP sent to your work email' });
  api.workEmailVerifyOtp.mockResolvedValue(workEmailVerified({ companies }));
  const dialog = await screen.findByRole('dialog', { name: 'Verify Work Email' });
  await user.type(within(dialog).getByLabelText('Work Email'), 'ravi@acme-corp.com');
  await user.click(within(dialog).getByRole('button', { name: 'Send OTP' }));
  await user.type(await within(dialog).findByLabelText('Digit 1 of 4'), '4821');
  await waitFor(() =>
    expect(screen.queryByRole('dialog', { name: 'Verify Work Email' })).not.toBeInTheDocument(),
  );
}

describe('the create-job-post wizard', () => {
  it('posts what is still typed in a chip field instead of dropping it', async () => {
    const user = userEvent.setup({ delay: null });
    api.createJobPost.mockResolvedValue(myJob());
    renderPage(<CreateJobPost />, { url: '/create-job-post' });
    fillStep1();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    fillStep2('Notes');
    await user.type(screen.getByRole('textbox', { name: /^Notes/ }), 'Hybrid three days a week');
    await user.click(screen.getByRole('button', { name: 'Post Job' }));
    await waitFor(() => expect(api.createJobPost).toHaveBeenCalled());
    expect(api.createJobPost.mock.calls[0]?.[0]).toMatchObject({
      notes: ['Hybrid three days a week'],
    });
  });

  it('leaves for the dashboard with Cancel, asking first when something was typed', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage(<CreateJobPost />, { url: '/create-job-post' });
    await user.type(screen.getByRole('textbox', { name: /^Job Title/ }), 'Staff Engineer');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const dialog = screen.getByRole('dialog', { name: 'Discard this job post?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    expect(screen.getByRole('textbox', { name: /^Job Title/ })).toHaveValue('Staff Engineer');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Discard' }));
    expect(screen.getByRole('status', { name: 'Current path' })).toHaveTextContent(/^\/dashboard$/);
  });

  it('offers the industries with readable labels and job types without accepting "Select"', () => {
    renderPage(<CreateJobPost />, { url: '/create-job-post' });
    const industry = screen.getByRole('combobox', { name: 'Industry' });
    expect(
      within(industry)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select', 'IT', 'Marketing', 'Finance', 'Sales']);
  });

  it.each(['Company Name', 'Job Title', 'Job Location', 'Industry', 'Job Type', 'Address'])(
    'keeps step 1 with its message when %s is missing',
    async (missing) => {
      const user = userEvent.setup({ delay: null });
      renderPage(<CreateJobPost />, { url: '/create-job-post' });
      fillStep1(missing);
      await user.click(screen.getByRole('button', { name: 'Next' }));
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Please fill in all required fields in Step 1.',
      );
      expect(screen.getByRole('textbox', { name: 'Company Name' })).toBeInTheDocument();
    },
  );

  it.each(['Job Description', 'Experience', 'Required Skills', 'Notes', 'Salary Range (LPA)'])(
    'refuses to post with the step 2 message when %s is missing',
    async (missing) => {
      const user = userEvent.setup({ delay: null });
      renderPage(<CreateJobPost />, { url: '/create-job-post' });
      fillStep1();
      await user.click(screen.getByRole('button', { name: 'Next' }));
      fillStep2(missing);
      await user.click(screen.getByRole('button', { name: 'Post Job' }));
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Please fill in all required fields in Step 2.',
      );
      expect(api.createJobPost).not.toHaveBeenCalled();
    },
  );

  it('goes back to step 1 with the values kept', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage(<CreateJobPost />, { url: '/create-job-post' });
    fillStep1();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Back to Step 1' }));
    expect(screen.getByRole('textbox', { name: 'Company Name' })).toHaveValue('Acme Corp');
  });

  it('posts both steps as one job, shows "Your Job Post is Live!" and resets the form', async () => {
    api.createJobPost.mockResolvedValue(myJob());
    const user = userEvent.setup({ delay: null });
    renderPage(<CreateJobPost />, { url: '/create-job-post' });
    await fillAndPost(user);

    expect(
      await screen.findByRole('dialog', { name: 'Your Job Post is Live!' }),
    ).toBeInTheDocument();
    expect(api.createJobPost).toHaveBeenCalledWith({
      userId: USER_ID,
      jobTitle: 'Frontend Engineer',
      companyName: 'Acme Corp',
      jobLocation: 'Remote',
      address: '12 MG Road, Bengaluru',
      companyLogo: '',
      industry: 'it',
      experience: '3-6',
      jobType: 'Full-time',
      salaryRange: '12-18',
      requiredSkills: ['React', 'TypeScript'],
      jobDescription: ['Build the web app', 'Review code'],
      notes: ['Own the design system'],
    });
    expect(screen.getByRole('textbox', { name: 'Company Name' })).toHaveValue('');
  });

  it('says "Something went wrong. Please try again." when the post fails', async () => {
    api.createJobPost.mockRejectedValue(new ApiError('Server error', 500));
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup({ delay: null });
    renderPage(<CreateJobPost />, { url: '/create-job-post' });
    await fillAndPost(user);
    expect(await screen.findAllByText('Something went wrong. Please try again.')).not.toHaveLength(
      0,
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("shows the server's refusal inline (no toast over it), opens the work-email dialog at once, and posts by itself once verified", async () => {
    const refusal =
      'Your verified work email x@globex.com is not at Acme Corp. Verify your work email at acme.com to post jobs for it.';
    api.createJobPost.mockRejectedValueOnce(new ApiError('Forbidden', 403, refusal));
    const user = userEvent.setup({ delay: null });
    renderPage(<CreateJobPost />, { url: '/create-job-post' });
    expect(
      screen.getByText(/You can post jobs only for the company of your verified work email/),
    ).toBeInTheDocument();
    await fillAndPost(user);
    // Once, inline: no toast repeats it.
    expect(await screen.findAllByText(refusal)).toHaveLength(1);
    const dialog = await screen.findByRole('dialog', { name: 'Verify Work Email' });
    expect(
      within(dialog).getByText(
        'Posting jobs for Acme Corp needs a verified work email at Acme Corp: an address at its email domain. We will send a code to it.',
      ),
    ).toBeInTheDocument();

    api.createJobPost.mockResolvedValue(myJob());
    await verifyWorkEmail(user);
    // No second 'Post Job': the held post goes by itself, with what was typed.
    expect(
      await screen.findByRole('dialog', { name: 'Your Job Post is Live!' }),
    ).toBeInTheDocument();
    expect(api.createJobPost).toHaveBeenCalledTimes(2);
    expect(api.createJobPost.mock.calls[1]![0]).toMatchObject({
      companyName: 'Acme Corp',
      jobTitle: 'Frontend Engineer',
    });
  });

  it('asks a referrer without a verified work email to verify first, before step 1, then fills in the company', async () => {
    signInAs({ workEmailAdded: false });
    const user = userEvent.setup({ delay: null });
    renderPage(<CreateJobPost />, { url: '/create-job-post' });
    expect(
      screen.getByRole('heading', { level: 2, name: 'Verify your work email first' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'Posting a job needs a verified work email at the company: an address at its email domain. We will send a code to it.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Job Title', { exact: false })).not.toBeInTheDocument();
    expect(screen.getByText('First, your work email')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Verify Work Email' }));
    await verifyWorkEmail(user, ['Acme Corp']);
    expect(screen.getByText('Step 1 of 2')).toBeInTheDocument();
    expect(
      screen.getByLabelText('Company Name', { exact: false, selector: 'input,select' }),
    ).toHaveValue('Acme Corp');
    expect(api.createJobPost).not.toHaveBeenCalled();
  });

  async function postOne(user: UserEvent) {
    api.createJobPost.mockResolvedValue(myJob());
    await fillAndPost(user);
    await screen.findByRole('dialog', { name: 'Your Job Post is Live!' });
  }

  it('"Go to Job Openings" opens the job posts page in referrer mode', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage(<CreateJobPost />, { url: '/create-job-post' });
    await postOne(user);
    await user.click(screen.getByRole('button', { name: 'Go to Job Openings' }));
    expect(screen.getByRole('status', { name: 'Current path' })).toHaveTextContent(
      '/dashboard/jobPosts',
    );
    expect(api.updateRole).not.toHaveBeenCalled();
  });

  it('switches a candidate-mode user to referrer mode before opening the job posts', async () => {
    signInAs({ workEmailAdded: true }, 'user');
    api.updateRole.mockResolvedValue({ success: true, message: '', data: makeReferrer() });
    const user = userEvent.setup({ delay: null });
    renderPage(<CreateJobPost />, { url: '/create-job-post' });
    await postOne(user);
    await user.click(screen.getByRole('button', { name: 'Go to Job Openings' }));
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Current path' })).toHaveTextContent(
        '/dashboard/jobPosts',
      ),
    );
    expect(api.updateRole).toHaveBeenCalledWith(USER_ID, { role: 1 });
    expect(useSessionStore.getState().role).toBe('referer');
  });

  it('closing the success modal goes home', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage(<CreateJobPost />, { url: '/create-job-post' });
    await postOne(user);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.getByRole('status', { name: 'Current path' })).toHaveTextContent(/^\/$/);
  });
});

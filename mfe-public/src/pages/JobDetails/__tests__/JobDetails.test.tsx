import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, useSessionStore, type ReferralRequest } from '@referio/shared';
import JobDetails from '..';
import {
  api,
  renderPage,
  JOB_ID,
  COMPANY_ID,
  REFERRER_ID,
  USER_ID,
  makeJob,
  makeJobDetails,
  makeSession,
} from '@referio/shared/test-utils';

const URL_OF_JOB = `/job-details/${JOB_ID}`;
const location = () => screen.getByTestId('location').textContent;

function pdf(name = 'resume.pdf', bytes = 1024) {
  return new File([new Uint8Array(bytes)], name, { type: 'application/pdf' });
}

function open(details = makeJobDetails({ _id: JOB_ID })) {
  api.getJobById.mockResolvedValue(details);
  return renderPage(<JobDetails />, {
    url: URL_OF_JOB,
    path: '/job-details/:id',
    history: ['/company-list?page=2'],
  });
}

/** 'Request a Referral': the dialog asks for a file, or with saved resumes offers them. */
async function openRequestDialog(
  user: ReturnType<typeof userEvent.setup>,
  name: 'Upload your resume' | 'Send your resume',
) {
  await user.click(await screen.findByRole('button', { name: 'Request a Referral' }));
  return screen.getByRole('dialog', { name });
}
const openUploadModal = (user: ReturnType<typeof userEvent.setup>) =>
  openRequestDialog(user, 'Upload your resume');
const openSendModal = (user: ReturnType<typeof userEvent.setup>) =>
  openRequestDialog(user, 'Send your resume');

/** The referral request this page sends to the job's referrer for the signed-in candidate. */
const requestOf = (resumeId: string) => ({
  jobPostId: JOB_ID,
  targetUserId: REFERRER_ID,
  userId: USER_ID,
  resumeId,
});

beforeEach(() => {
  useSessionStore.getState().signOut();
  // No saved resume unless a test says so: the request asks for a file.
  api.listResumes.mockResolvedValue([]);
  api.savedAmong.mockResolvedValue([]);
  api.getMatchPreview.mockResolvedValue({
    status: 'read',
    matched: ['React'],
    missing: ['Go'],
    years: 3,
    jobExperience: '3-6',
  });
  api.getSimilarJobs.mockResolvedValue({ basis: 'similar', data: [] });
});

const publicJob = (overrides: Parameters<typeof makeJob>[0] = {}) => ({
  ...makeJob({ _id: JOB_ID, ...overrides }),
  updatedAt: '2025-03-01T00:00:00.000Z',
});

const SAVED = {
  _id: '0b7c5a0e-1111-4c4c-8888-000000000001',
  name: 'Asha Rao CV',
  fileName: 'Asha Rao CV.pdf',
  size: 48_000,
  uploadedAt: '2026-03-02T10:00:00.000Z',
  isDefault: true,
  resumeLink: '/api/documentsUpload/resumes/0b7c5a0e-1111-4c4c-8888-000000000001/file',
};
/** What adding a new file answers. */
const NEW_RESUME = {
  ...SAVED,
  _id: '0b7c5a0e-1111-4c4c-8888-00000000000a',
  name: 'cv',
  fileName: 'cv.pdf',
  isDefault: false,
};

describe('job details without a session', () => {
  it('shows the job as anyone may see it, without the referrer’s contact, under its own title', async () => {
    api.getPublicJob.mockResolvedValue(publicJob());
    renderPage(<JobDetails />, { url: URL_OF_JOB, path: '/job-details/:id' });
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Frontend Engineer' },
        // The file's first render (its modules' first use) takes longer on a busy machine.
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    expect(api.getPublicJob).toHaveBeenCalledWith(JOB_ID);
    expect(api.getJobById).not.toHaveBeenCalled();
    expect(screen.getByText('₹12-18 LPA')).toBeInTheDocument();
    const panel = screen.getByRole('complementary', { name: 'Get Referrals from Employee' });
    expect(within(panel).queryByRole('link', { name: /@/ })).not.toBeInTheDocument();
    expect(document.title).toBe('Frontend Engineer at Acme — Referio');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("'Request a Referral' toasts 'Please sign in to request a referral' and goes to /sign-in 2 seconds later, which will return here", async () => {
    api.getPublicJob.mockResolvedValue(publicJob());
    renderPage(<JobDetails />, { url: URL_OF_JOB, path: '/job-details/:id' });
    const button = await screen.findByRole('button', { name: 'Request a Referral' });
    jest.useFakeTimers();
    try {
      act(() => button.click());
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Please sign in to request a referral',
      );
      act(() => jest.advanceTimersByTime(1999));
      expect(location()).toBe(URL_OF_JOB);
      act(() => jest.advanceTimersByTime(1));
      expect(location()).toBe(`/sign-in?next=${encodeURIComponent(URL_OF_JOB)}`);
    } finally {
      jest.useRealTimers();
    }
  });

  it('says a closed job is closed and takes no requests', async () => {
    api.getPublicJob.mockResolvedValue(publicJob({ status: 'inactive' }));
    renderPage(<JobDetails />, { url: URL_OF_JOB, path: '/job-details/:id' });
    const panel = await screen.findByRole('complementary', { name: 'Get Referrals from Employee' });
    expect(screen.getByText('Closed')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Request a Referral' })).toBeDisabled();
    expect(
      within(panel).getByText('This job is no longer accepting referral requests.'),
    ).toBeInTheDocument();
  });

  it("shows 'Job not found' with a link to the jobs for an unknown id, not 'Try again'", async () => {
    api.getPublicJob.mockResolvedValue(null);
    renderPage(<JobDetails />, { url: URL_OF_JOB, path: '/job-details/:id' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Job not found' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse jobs' })).toHaveAttribute(
      'href',
      '/company-list',
    );
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(document.title).toBe('Job not found — Referio');
  });
});

describe('an unknown job for a signed-in user', () => {
  beforeEach(() => useSessionStore.getState().signIn(makeSession()));

  it("shows 'Job not found' when the API answers 404", async () => {
    api.getJobById.mockRejectedValue(new ApiError('Job post not found', 404, 'Job post not found'));
    renderPage(<JobDetails />, { url: URL_OF_JOB, path: '/job-details/:id' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Job not found' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse jobs' })).toBeInTheDocument();
  });
});

describe('job details for a signed-in candidate', () => {
  beforeEach(() => useSessionStore.getState().signIn(makeSession()));

  it('says a closed job takes no requests before anything is chosen, and offers no request button', async () => {
    open(makeJobDetails({ _id: JOB_ID, status: 'inactive' }));
    const panel = await screen.findByRole('complementary', { name: 'Get Referrals from Employee' });
    expect(within(panel).getByRole('button', { name: 'Request a Referral' })).toBeDisabled();
    expect(
      within(panel).getByText('This job is no longer accepting referral requests.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the job: location, type, experience, salary in LPA, description, responsibilities and skills', async () => {
    open();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Frontend Engineer' }),
    ).toBeInTheDocument();
    expect(api.getJobById).toHaveBeenCalledWith(JOB_ID, USER_ID);
    expect(screen.getByText('Hybrid, Bengaluru')).toBeInTheDocument();
    expect(screen.getByText('Full-time')).toBeInTheDocument();
    expect(screen.getByText('3-6 years')).toBeInTheDocument();
    expect(screen.getByText('₹12-18 LPA')).toBeInTheDocument();
    expect(screen.getByText('Build the candidate dashboard.')).toBeInTheDocument();
    const responsibilities = screen.getByRole('region', { name: 'Responsibilities' });
    expect(within(responsibilities).getByText('Own the design system.')).toBeInTheDocument();
    const skills = screen.getByRole('region', { name: 'Skills' });
    expect(within(skills).getByText('TypeScript')).toBeInTheDocument();
  });

  it("names the referrer and their verified domain in the 'Get Referrals from Employee' panel, never an e-mail, with one Report control", async () => {
    // Even an e-mail the API answers (the viewer earned it) is not shown as a link here: the chat is the way.
    open(makeJobDetails({ verifiedDomain: 'acme.example', verifiedAtCompany: 'unconfirmed' }));
    const panel = await screen.findByRole('complementary', { name: 'Get Referrals from Employee' });
    expect(within(panel).getByText('Ravi Kumar')).toBeInTheDocument();
    expect(within(panel).getByText(/@acme\.example/)).toBeInTheDocument();
    expect(within(panel).queryByText('ravi@acme.example')).not.toBeInTheDocument();
    expect(document.querySelector('a[href^="mailto:"]')).toBeNull();
    expect(screen.getAllByRole('button', { name: /^Report/ })).toHaveLength(1);
    expect(
      screen.getByRole('button', { name: 'Report this job post or its referrer' }),
    ).toBeInTheDocument();
  });

  it("goes back to where the visitor came from with 'Back'", async () => {
    const user = userEvent.setup();
    open();
    await screen.findByRole('heading', { level: 1, name: 'Frontend Engineer' });
    await user.click(screen.getByRole('link', { name: 'Back' }));
    expect(location()).toBe('/company-list?page=2');
  });

  it("'Back' on a job opened directly (no page before it) leads to the job list", async () => {
    const user = userEvent.setup();
    api.getJobById.mockResolvedValue(makeJobDetails({ _id: JOB_ID }));
    renderPage(<JobDetails />, { url: URL_OF_JOB, path: '/job-details/:id' });
    await screen.findByRole('heading', { level: 1, name: 'Frontend Engineer' });
    await user.click(screen.getByRole('link', { name: 'Back' }));
    expect(location()).toBe('/company-list');
  });

  it("shows 'Already Applied' and a disabled 'Referral Requested' for a job already requested", async () => {
    open(makeJobDetails({ _id: JOB_ID, isApplied: true }));
    expect(await screen.findByText('Already Applied')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Referral Requested' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Request a Referral' })).not.toBeInTheDocument();
  });

  it('does not let a referrer request a referral for their own job, and says why', async () => {
    open(makeJobDetails({ _id: JOB_ID, userId: { _id: USER_ID } }));
    const button = await screen.findByRole('button', { name: 'Request a Referral' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(
      "You posted this job, so you can't request a referral for it.",
    );
  });

  it('refuses a resume over 5 MB with the spec message, before anything is sent', async () => {
    const user = userEvent.setup();
    open();
    const dialog = await openUploadModal(user);
    const big = pdf('big.pdf');
    Object.defineProperty(big, 'size', { value: 5 * 1024 * 1024 + 1 });
    await user.upload(within(dialog).getByLabelText('Resume'), big);
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'File is too large or not supported. Please upload a PDF or DOCX under 5MB.',
    );
    expect(within(dialog).queryByText('big.pdf')).not.toBeInTheDocument();
    expect(api.addResume).not.toHaveBeenCalled();
  });

  it('refuses a file that is not a PDF, DOC or DOCX with the same message', async () => {
    const user = userEvent.setup({ applyAccept: false });
    open();
    const dialog = await openUploadModal(user);
    await user.upload(
      within(dialog).getByLabelText('Resume'),
      new File(['x'], 'photo.png', { type: 'image/png' }),
    );
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'File is too large or not supported. Please upload a PDF or DOCX under 5MB.',
    );
  });

  it('lets the candidate remove the chosen file before sending it', async () => {
    const user = userEvent.setup();
    open();
    const dialog = await openUploadModal(user);
    await user.upload(within(dialog).getByLabelText('Resume'), pdf('cv.pdf'));
    expect(within(dialog).getByText('cv.pdf')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Remove cv.pdf' }));
    expect(within(dialog).queryByText('cv.pdf')).not.toBeInTheDocument();
  });

  it("says 'Missing required data!' inline in the modal, never the browser's alert, when Submit is pressed without a resume", async () => {
    const alert = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
    const user = userEvent.setup();
    open();
    const dialog = await openUploadModal(user);
    await user.click(await within(dialog).findByRole('button', { name: 'Submit' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Missing required data! Please choose your resume to send.',
    );
    expect(alert).not.toHaveBeenCalled();
    expect(api.addResume).not.toHaveBeenCalled();
    expect(api.sendReferralRequest).not.toHaveBeenCalled();
    // Choosing a file clears it.
    await user.upload(within(dialog).getByLabelText('Resume'), pdf('cv.pdf'));
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    alert.mockRestore();
  });

  it('offers the resumes (the default preselected, name and upload date) and sends the chosen one, without uploading', async () => {
    const user = userEvent.setup();
    const other = { ...NEW_RESUME, name: 'Backend resume', fileName: 'backend.pdf' };
    api.listResumes.mockResolvedValue([SAVED, other]);
    api.sendReferralRequest.mockResolvedValue({ _id: 'r1' } as ReferralRequest);
    open();
    const dialog = await openSendModal(user);
    const group = await within(dialog).findByRole('group', { name: 'Resume to send' });
    expect(within(group).getByRole('radio', { name: /Asha Rao CV/ })).toBeChecked();
    expect(within(group).getByRole('link', { name: 'View Asha Rao CV' })).toHaveAttribute(
      'href',
      SAVED.resumeLink,
    );
    expect(group).toHaveTextContent('Asha Rao CV.pdf · Uploaded 02 Mar 2026');
    expect(within(dialog).queryByLabelText('Resume')).not.toBeInTheDocument();
    await user.click(within(group).getByRole('radio', { name: /Backend resume/ }));

    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(
      await screen.findByRole('dialog', { name: 'Referral Request Sent!' }),
    ).toBeInTheDocument();
    expect(api.addResume).not.toHaveBeenCalled();
    expect(api.sendReferralRequest).toHaveBeenCalledWith(requestOf(other._id));
  });

  it('shows how the chosen resume meets the job before it is sent', async () => {
    const user = userEvent.setup();
    api.listResumes.mockResolvedValue([SAVED]);
    open();
    const dialog = await openSendModal(user);
    const match = await within(dialog).findByRole('group', { name: 'Resume match' });
    expect(
      await within(match).findByText('Matches 1 of 2 skills: React; missing: Go'),
    ).toBeVisible();
    expect(match).toHaveTextContent('About 3 years of experience (job asks 3–6 years)');
    expect(api.getMatchPreview).toHaveBeenCalledWith(JOB_ID, SAVED._id);
  });

  it('sends an optional note to the referrer, trimmed, with a counter of the characters left', async () => {
    const user = userEvent.setup();
    api.listResumes.mockResolvedValue([SAVED]);
    api.sendReferralRequest.mockResolvedValue({ _id: 'r1' } as ReferralRequest);
    open();
    const dialog = await openSendModal(user);
    await within(dialog).findByRole('group', { name: 'Resume to send' });
    const note = within(dialog).getByRole('textbox', { name: 'Note to the referrer (optional)' });
    expect(note).toHaveAttribute('maxLength', '500');
    expect(note).toHaveAccessibleDescription('500 characters left');
    await user.click(note);
    await user.paste('  I built the payments API you use.  ');
    expect(note).toHaveAccessibleDescription('467 characters left');

    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await screen.findByRole('dialog', { name: 'Referral Request Sent!' });
    expect(api.sendReferralRequest).toHaveBeenCalledWith({
      ...requestOf(SAVED._id),
      note: 'I built the payments API you use.',
    });
  });

  it("'Upload a new file' saves the new one as a resume and sends it", async () => {
    const user = userEvent.setup();
    api.listResumes.mockResolvedValue([SAVED]);
    api.addResume.mockResolvedValue(NEW_RESUME);
    api.sendReferralRequest.mockResolvedValue({ _id: 'r1' } as ReferralRequest);
    open();
    const dialog = await openSendModal(user);
    await user.click(await within(dialog).findByRole('radio', { name: 'Upload a new file' }));
    // Nothing chosen yet: Submit says so inline.
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Missing required data!');

    const file = pdf('new.pdf');
    await user.upload(within(dialog).getByLabelText('Resume'), file);
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await screen.findByRole('dialog', { name: 'Referral Request Sent!' });
    expect(api.addResume).toHaveBeenCalledWith(file, undefined, expect.any(Function));
    expect(api.sendReferralRequest).toHaveBeenCalledWith(requestOf(NEW_RESUME._id));
  });

  it('with three resumes, a new file replaces the one the candidate chooses', async () => {
    const user = userEvent.setup();
    const three = [
      SAVED,
      { ...NEW_RESUME, _id: 'b', name: 'B' },
      { ...NEW_RESUME, _id: 'c', name: 'C' },
    ];
    api.listResumes.mockResolvedValue(three);
    api.replaceResumeFile.mockResolvedValue({ ...three[2]!, name: 'new' });
    api.sendReferralRequest.mockResolvedValue({ _id: 'r1' } as ReferralRequest);
    open();
    const dialog = await openSendModal(user);
    await user.click(await within(dialog).findByRole('radio', { name: 'Upload a new file' }));
    const file = pdf('new.pdf');
    await user.upload(within(dialog).getByLabelText('Resume'), file);
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Missing required data! Please choose the resume the new file replaces.',
    );
    const replace = within(dialog).getByRole('group', {
      name: /Which one should the new file replace/,
    });
    await user.click(within(replace).getByRole('radio', { name: 'C' }));
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await screen.findByRole('dialog', { name: 'Referral Request Sent!' });
    expect(api.replaceResumeFile).toHaveBeenCalledWith('c', file, 'new', expect.any(Function));
    expect(api.addResume).not.toHaveBeenCalled();
    expect(api.sendReferralRequest).toHaveBeenCalledWith(
      expect.objectContaining({ resumeId: 'c' }),
    );
  });

  it('says so when the chosen resume was deleted meanwhile, and offers the resumes as they are', async () => {
    const user = userEvent.setup();
    const changed = 'Your saved resume has changed. Please check it and send the request again.';
    api.listResumes
      .mockResolvedValueOnce([SAVED])
      .mockResolvedValue([
        { ...SAVED, _id: '0b7c5a0e-1111-4c4c-8888-000000000002', name: 'Newer CV' },
      ]);
    api.sendReferralRequest.mockRejectedValue(new ApiError(changed, 409, changed));
    open();
    const dialog = await openSendModal(user);
    await within(dialog).findByRole('radio', { name: /Asha Rao CV/ });
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(changed)).toBeInTheDocument();
    expect(await within(dialog).findByRole('radio', { name: /Newer CV/ })).toBeChecked();
  });

  it("uploads the resume, sends the request, then shows 'Referral Request Sent!' and the job as requested", async () => {
    const user = userEvent.setup();
    api.addResume.mockImplementation(async (_file, _name, onProgress) => {
      onProgress?.(50);
      onProgress?.(100);
      return NEW_RESUME;
    });
    api.sendReferralRequest.mockResolvedValue({ _id: 'r1' } as ReferralRequest);
    open();
    const dialog = await openUploadModal(user);
    const file = pdf('cv.pdf');
    await user.upload(within(dialog).getByLabelText('Resume'), file);
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    const sent = await screen.findByRole('dialog', { name: 'Referral Request Sent!' });
    expect(api.addResume).toHaveBeenCalledWith(file, undefined, expect.any(Function));
    expect(api.sendReferralRequest).toHaveBeenCalledWith(requestOf(NEW_RESUME._id));
    expect(screen.queryByRole('dialog', { name: 'Upload your resume' })).not.toBeInTheDocument();

    await user.click(within(sent).getByRole('button', { name: 'Close' }));
    expect(screen.getByText('Already Applied')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Referral Requested' })).toBeDisabled();
  });

  it("'Trace Your Status' opens My Referral Requests in the dashboard and remembers it", async () => {
    const user = userEvent.setup();
    api.addResume.mockResolvedValue(NEW_RESUME);
    api.sendReferralRequest.mockResolvedValue({ _id: 'r1' } as ReferralRequest);
    open();
    const dialog = await openUploadModal(user);
    await user.upload(within(dialog).getByLabelText('Resume'), pdf());
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await user.click(await screen.findByRole('button', { name: 'Trace Your Status' }));
    expect(location()).toBe('/dashboard/myReferralRequests');
    expect(useSessionStore.getState().activePage).toBe('myReferralRequests');
  });

  it.each([
    ['the request is refused as a duplicate', 'send', new ApiError('Already', 409, 'Already')],
    ['the server fails', 'send', new ApiError('boom', 500)],
    ['the network is down', 'upload', new ApiError('Network error', 0)],
  ])("says 'You have already requested for this job' when %s", async (_case, step, error) => {
    const user = userEvent.setup();
    if (step === 'upload') api.addResume.mockRejectedValue(error);
    else {
      api.addResume.mockResolvedValue(NEW_RESUME);
      api.sendReferralRequest.mockRejectedValue(error);
    }
    open();
    const dialog = await openUploadModal(user);
    await user.upload(within(dialog).getByLabelText('Resume'), pdf());
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('You have already requested for this job')).toBeInTheDocument();
    expect(
      screen.queryByRole('dialog', { name: 'Referral Request Sent!' }),
    ).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Request a Referral' })).toBeEnabled();
  });

  it("shows the server's own reason when it refuses the resume itself", async () => {
    const user = userEvent.setup();
    const reason = 'This file is not a PDF or Word document.';
    api.addResume.mockRejectedValue(new ApiError(reason, 415, reason));
    open();
    const dialog = await openUploadModal(user);
    await user.upload(within(dialog).getByLabelText('Resume'), pdf());
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(reason)).toBeInTheDocument();
    expect(api.sendReferralRequest).not.toHaveBeenCalled();
  });

  it('says which cap refused the request and when it frees up (429)', async () => {
    const user = userEvent.setup();
    const reason =
      'You have sent 5 referral requests in the last 24 hours, the most allowed. You can send another on 11 Mar 2025, 09:00 UTC.';
    api.addResume.mockResolvedValue(NEW_RESUME);
    api.sendReferralRequest.mockRejectedValue(new ApiError(reason, 429, reason, [], 3600));
    open();
    const dialog = await openUploadModal(user);
    await user.upload(within(dialog).getByLabelText('Resume'), pdf());
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(reason)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Request a Referral' })).toBeEnabled();
  });
});

describe('similar jobs and the company on the job page', () => {
  const OTHER_ID = '9e8d7c6b-5a49-4382-9160-fedcba012345';

  it('lists jobs like this one under it, each leading to its page, and names the company with a link to its page', async () => {
    const user = userEvent.setup();
    api.getPublicJob.mockImplementation(async (id) =>
      id === OTHER_ID
        ? publicJob({ _id: OTHER_ID, jobTitle: 'Staff Frontend Engineer' })
        : publicJob(),
    );
    api.getSimilarJobs.mockResolvedValue({
      basis: 'similar',
      data: [
        makeJob({ _id: OTHER_ID, jobTitle: 'Staff Frontend Engineer', companyName: 'Globex' }),
      ],
    });
    renderPage(<JobDetails />, { url: URL_OF_JOB, path: '/job-details/:id' });
    const section = await screen.findByRole('region', { name: 'Similar jobs' });
    expect(api.getSimilarJobs).toHaveBeenCalledWith(JOB_ID, 4);
    expect(within(section).getByText('Globex')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Acme' })).toHaveAttribute(
      'href',
      `/company/${COMPANY_ID}/acme`,
    );
    await user.click(within(section).getByRole('link', { name: 'Staff Frontend Engineer' }));
    expect(location()).toBe(`/job-details/${OTHER_ID}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Staff Frontend Engineer' }),
    ).toBeInTheDocument();
  });

  it('shows nothing under the job when no job is like it', async () => {
    api.getPublicJob.mockResolvedValue(publicJob());
    renderPage(<JobDetails />, { url: URL_OF_JOB, path: '/job-details/:id' });
    await screen.findByRole('heading', { level: 1, name: 'Frontend Engineer' });
    await act(async () => {});
    expect(screen.queryByRole('region', { name: 'Similar jobs' })).not.toBeInTheDocument();
  });

  it("offers the newest jobs on 'Job not found'", async () => {
    api.getPublicJob.mockResolvedValue(null);
    api.getSimilarJobs.mockResolvedValue({
      basis: 'newest',
      data: [makeJob({ _id: OTHER_ID, jobTitle: 'Data Analyst' })],
    });
    renderPage(<JobDetails />, { url: URL_OF_JOB, path: '/job-details/:id' });
    const section = await screen.findByRole('region', { name: 'Recent jobs' });
    expect(api.getSimilarJobs).toHaveBeenCalledWith(null, 4);
    expect(within(section).getByRole('link', { name: 'Data Analyst' })).toHaveAttribute(
      'href',
      `/job-details/${OTHER_ID}`,
    );
  });
});

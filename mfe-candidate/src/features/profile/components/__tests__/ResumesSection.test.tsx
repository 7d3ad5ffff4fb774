import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, type Resume } from '@referio/shared';
import { api, renderPage, makeSession, USER_ID } from '@referio/shared/test-utils';
import { ResumesSection } from '../ResumesSection';

const resume = (id: string, name: string, extra: Partial<Resume> = {}): Resume => ({
  _id: id,
  name,
  fileName: `${name}.pdf`,
  size: 2048,
  uploadedAt: '2025-03-01T10:00:00.000Z',
  isDefault: false,
  resumeLink: `/api/documentsUpload/resumes/${id}/file`,
  ...extra,
});

const pdf = (name: string) => new File(['%PDF-1.4'], name, { type: 'application/pdf' });

function show(resumes: Resume[]) {
  api.listResumes.mockResolvedValue(resumes);
  const onChanged = jest.fn();
  renderPage(<ResumesSection userId={USER_ID} onChanged={onChanged} />, {
    session: makeSession(),
  });
  return onChanged;
}

describe('My Resume: named resumes', () => {
  it('lists them, the default marked, each with a view link and its file facts', async () => {
    show([resume('r1', 'Backend resume', { isDefault: true }), resume('r2', 'Frontend resume')]);
    const list = await screen.findByRole('list', { name: 'Your resumes' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveAccessibleName(/Backend resume\s*Default/);
    expect(within(items[0]!).getByRole('link', { name: 'View Backend resume' })).toHaveAttribute(
      'href',
      '/api/documentsUpload/resumes/r1/file',
    );
    expect(items[1]).toHaveTextContent('Frontend resume.pdf · 2.0 KB · Uploaded 01 Mar 2025');
    // Only the one that is not the default offers to become it.
    expect(within(items[0]!).queryByRole('button', { name: /the default/ })).toBeNull();
    expect(
      within(items[1]!).getByRole('button', { name: 'Make Frontend resume the default' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Add a resume')).toBeInTheDocument();
  });

  it('adds one from the file picker and says so; a refusal shows the server message', async () => {
    const onChanged = show([]);
    expect(
      await screen.findByText('No resume uploaded yet. You need one to request a referral.'),
    ).toBeInTheDocument();
    api.addResume.mockResolvedValueOnce(resume('r1', 'cv', { isDefault: true }));
    await userEvent.upload(screen.getByLabelText('Add a resume'), pdf('cv.pdf'));
    expect(await screen.findByText('Resume uploaded successfully!')).toBeInTheDocument();
    expect(api.addResume).toHaveBeenCalledWith(expect.any(File), undefined, expect.any(Function));
    expect(onChanged).toHaveBeenCalled();

    const full = 'You can keep up to 3 resumes. Delete or replace one to add another.';
    api.addResume.mockRejectedValueOnce(new ApiError(full, 400, full));
    await userEvent.upload(screen.getByLabelText('Add a resume'), pdf('fourth.pdf'));
    const alerts = await screen.findAllByRole('alert');
    expect(
      alerts.some((a) => a.classList.contains('cand-error') && a.textContent?.includes(full)),
    ).toBe(true);
  });

  it('at three resumes offers no picker and says why', async () => {
    show([resume('a', 'A', { isDefault: true }), resume('b', 'B'), resume('c', 'C')]);
    expect(
      await screen.findByText(
        'You can keep up to 3 resumes. Delete or replace one to add another.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Add a resume')).toBeNull();
  });

  it('renames, makes default and replaces the file of one resume', async () => {
    const onChanged = show([resume('r1', 'cv', { isDefault: true }), resume('r2', 'Other')]);
    await userEvent.click(await screen.findByRole('button', { name: 'Rename cv' }));
    const field = screen.getByLabelText('Resume name');
    await userEvent.clear(field);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please give the resume a name.');
    expect(api.changeResume).not.toHaveBeenCalled();
    api.changeResume.mockResolvedValue(resume('r1', 'Backend resume', { isDefault: true }));
    await userEvent.type(field, 'Backend resume{Enter}');
    expect(api.changeResume).toHaveBeenCalledWith('r1', { name: 'Backend resume' });
    expect(await screen.findByText('Resume saved.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Make Other the default' }));
    expect(api.changeResume).toHaveBeenLastCalledWith('r2', { isDefault: true });

    api.replaceResumeFile.mockResolvedValue(resume('r2', 'Other'));
    await userEvent.upload(screen.getByTestId('replace-r2'), pdf('new.pdf'));
    expect(api.replaceResumeFile).toHaveBeenCalledWith('r2', expect.any(File));
    expect(await screen.findByText('Resume replaced.')).toBeInTheDocument();
    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(3));
  });

  it('deletes one only after the confirmation', async () => {
    show([resume('r1', 'cv', { isDefault: true })]);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete cv' }));
    let dialog = screen.getByRole('dialog', { name: 'Remove resume' });
    expect(dialog).toHaveTextContent('Are you sure you want to remove the uploaded resume?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.deleteNamedResume).not.toHaveBeenCalled();

    api.deleteNamedResume.mockResolvedValue({
      success: true,
      message: 'Resume removed successfully',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Delete cv' }));
    dialog = screen.getByRole('dialog', { name: 'Remove resume' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(api.deleteNamedResume).toHaveBeenCalledWith('r1');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

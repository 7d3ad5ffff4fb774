import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MESSAGES, RESUME_ACCEPT } from '../../contract/constants';
import { FilePicker, isAcceptedFile } from '../FilePicker';

function ResumePicker({ progress }: { progress?: number }) {
  const [file, setFile] = useState<File | null>(null);
  return (
    <FilePicker
      label="Resume"
      accept={RESUME_ACCEPT}
      maxBytes={1024}
      value={file}
      onChange={setFile}
      invalidMessage={MESSAGES.resumeTooLargeOrUnsupported}
      progress={progress}
    />
  );
}

const input = () => screen.getByLabelText('Resume');

describe('FilePicker', () => {
  it('shows the chosen file with its size and lets it be removed', async () => {
    const user = userEvent.setup();
    render(<ResumePicker />);
    await user.upload(input(), new File(['x'.repeat(512)], 'cv.pdf', { type: 'application/pdf' }));
    expect(screen.getByText('cv.pdf')).toBeInTheDocument();
    expect(screen.getByText('512 B')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove cv.pdf' }));
    expect(screen.queryByText('cv.pdf')).not.toBeInTheDocument();
  });

  it('refuses a file that is too large with the given message', async () => {
    const user = userEvent.setup();
    render(<ResumePicker />);
    await user.upload(
      input(),
      new File(['x'.repeat(2048)], 'big.pdf', { type: 'application/pdf' }),
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'File is too large or not supported. Please upload a PDF or DOCX under 5MB.',
    );
    expect(input()).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('big.pdf')).not.toBeInTheDocument();
  });

  it('refuses a file of the wrong type with the given message', async () => {
    const user = userEvent.setup({ applyAccept: false });
    render(<ResumePicker />);
    await user.upload(input(), new File(['hi'], 'notes.txt', { type: 'text/plain' }));
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.resumeTooLargeOrUnsupported);
  });

  it('shows upload progress as a progress bar', () => {
    render(<ResumePicker progress={42.4} />);
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute(
      'aria-valuenow',
      '42',
    );
    expect(input()).toBeDisabled();
  });

  it('matches extensions, exact types and wildcard types', () => {
    expect(isAcceptedFile({ name: 'a.DOCX', type: '' }, '.pdf,.docx')).toBe(true);
    expect(isAcceptedFile({ name: 'me', type: 'image/png' }, 'image/*')).toBe(true);
    expect(isAcceptedFile({ name: 'a.exe', type: 'application/x-msdownload' }, '.pdf')).toBe(false);
  });

  it("offers a styled Browse files button instead of the browser's own file button", () => {
    render(<ResumePicker />);
    expect(screen.getByRole('button', { name: 'Browse files' })).toBeInTheDocument();
    expect(input()).toHaveClass('rf-visually-hidden');
  });

  it('takes a file dropped on the drop area, with the same checks as a chosen one', () => {
    render(<ResumePicker />);
    const drop = screen.getByTestId('file-drop');
    const ok = new File(['x'.repeat(100)], 'dropped.pdf', { type: 'application/pdf' });
    fireEvent.dragOver(drop, { dataTransfer: { files: [ok], dropEffect: 'none' } });
    fireEvent.drop(drop, { dataTransfer: { files: [ok] } });
    expect(screen.getByText('dropped.pdf')).toBeInTheDocument();

    const bad = new File(['MZ'], 'setup.exe', { type: 'application/x-msdownload' });
    fireEvent.drop(drop, { dataTransfer: { files: [bad] } });
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.resumeTooLargeOrUnsupported);
  });

  it('ignores a drop while a file is uploading', () => {
    render(<ResumePicker progress={10} />);
    const drop = screen.getByTestId('file-drop');
    const ok = new File(['x'], 'late.pdf', { type: 'application/pdf' });
    fireEvent.drop(drop, { dataTransfer: { files: [ok] } });
    expect(screen.queryByText('late.pdf')).not.toBeInTheDocument();
  });
});

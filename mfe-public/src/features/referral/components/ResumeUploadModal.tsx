import { useState } from 'react';
import { Button, MAX_UPLOAD_BYTES, MESSAGES, Modal, RESUME_ACCEPT } from '@referio/shared';
import { FilePicker } from '@referio/shared/forms';

export interface ResumeUploadModalProps {
  open: boolean;
  onClose: () => void;
  /**
   * Uploads the resume and sends the request; `onProgress` takes 0–100.
   * Resolves when done (the caller closes the modal), rejects or resolves false to stay open.
   */
  onSubmit: (file: File | null, onProgress: (percent: number) => void) => Promise<boolean>;
  jobTitle: string;
}

/** Choose a resume (.pdf/.doc/.docx, ≤ 5 MB), view or remove it, then Submit with a progress bar. */
export function ResumeUploadModal({ open, onClose, onSubmit, jobTitle }: ResumeUploadModalProps) {
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const busy = progress !== null;

  const close = () => {
    if (busy) return;
    setFile(null);
    onClose();
  };

  const submit = async () => {
    setProgress(0);
    try {
      const done = await onSubmit(file, setProgress);
      if (done) setFile(null);
    } finally {
      setProgress(null);
    }
  };

  return (
    <Modal
      open={open}
      onClose={close}
      title="Upload your resume"
      closeOnBackdrop={!busy}
      footer={
        <>
          <Button variant="ghost" onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} busy={busy} busyLabel="Submitting...">
            Submit
          </Button>
        </>
      }
    >
      <p className="rf-resume-modal__intro">
        The referrer of <strong>{jobTitle}</strong> will see this resume with your request.
      </p>
      <FilePicker
        label="Resume"
        accept={RESUME_ACCEPT}
        maxBytes={MAX_UPLOAD_BYTES}
        value={file}
        onChange={setFile}
        invalidMessage={MESSAGES.resumeTooLargeOrUnsupported}
        progress={progress}
        hint="PDF, DOC or DOCX, up to 5 MB."
      />
    </Modal>
  );
}

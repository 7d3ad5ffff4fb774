import { useState } from 'react';
import {
  ConfirmDialog,
  MAX_UPLOAD_BYTES,
  MESSAGES,
  RESUME_ACCEPT,
  deleteResume,
  errorMessage,
  messageWithReason,
  resumeUpload,
  toast,
  type Profile,
} from '@referio/shared';
import { FilePicker } from '@referio/shared/forms';

export interface ResumeSectionProps {
  userId: string;
  profile: Profile & { resumeSize?: number | null };
  /** The resume changed (uploaded or removed): reload the profile. */
  onChanged: () => void;
}

const WRONG_TYPE = 'Please upload a .pdf, .doc or .docx file.';

/** My Resume: upload (.pdf/.doc/.docx, 5 MB), view, and remove after a confirmation. */
export function ResumeSection({ userId, profile, onChanged }: ResumeSectionProps) {
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [removing, setRemoving] = useState(false);

  const upload = async (chosen: File | null) => {
    setFile(chosen);
    if (!chosen) return;
    setProgress(0);
    try {
      await resumeUpload(chosen, userId, setProgress);
      toast.success(MESSAGES.resumeUploaded);
      onChanged();
    } catch (err) {
      toast.error(messageWithReason(err, MESSAGES.resumeUploadFailed));
    } finally {
      setProgress(null);
      setFile(null);
    }
  };

  const remove = async () => {
    setRemoving(true);
    try {
      const answer = await deleteResume();
      if (answer.message) toast.success(answer.message);
      onChanged();
    } catch (err) {
      toast.error(errorMessage(err, 'Error removing resume.'));
    } finally {
      setRemoving(false);
      setConfirming(false);
    }
  };

  const current =
    profile.resumeLink !== null
      ? {
          name: profile.resumeName ?? 'Resume',
          size: profile.resumeSize ?? 0,
          url: profile.resumeLink,
        }
      : null;

  return (
    <section className="rf-card rf-profile-form" aria-labelledby="cand-resume-title">
      <h2 id="cand-resume-title">My Resume</h2>
      <FilePicker
        label={current ? 'Replace resume' : 'Upload resume'}
        accept={RESUME_ACCEPT}
        maxBytes={MAX_UPLOAD_BYTES}
        value={file}
        onChange={(f) => void upload(f)}
        invalidMessage={WRONG_TYPE}
        tooLargeMessage={MESSAGES.resumeTooLarge}
        current={current}
        onRemoveCurrent={() => setConfirming(true)}
        progress={progress}
        hint=".pdf, .doc or .docx, at most 5 MB."
      />
      {progress !== null && (
        <p role="status" className="cand-uploading">
          Uploading...
        </p>
      )}
      {!current && progress === null && (
        <p className="rf-field__hint">
          No resume uploaded yet. You need one to request a referral.
        </p>
      )}
      <ConfirmDialog
        open={confirming}
        title="Remove resume"
        message={MESSAGES.resumeRemoveConfirm}
        confirmLabel="Delete"
        cancelLabel="Cancel"
        tone="danger"
        busy={removing}
        onConfirm={() => void remove()}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}

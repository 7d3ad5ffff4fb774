import { useEffect, useId, useState } from 'react';
import {
  Button,
  MAX_UPLOAD_BYTES,
  MESSAGES,
  Modal,
  REQUEST_NOTE_MAX,
  RESUME_ACCEPT,
  Spinner,
  TextAreaField,
  formatBytes,
  formatDate,
  type SavedResume,
} from '@referio/shared';
import { FilePicker } from '@referio/shared/forms';
import { MatchSummary } from './MatchSummary';
import './ResumeUploadModal.css';

/** What the candidate sends: a new file, or the saved resume by its id; and their note (may be blank). */
export type ResumeChoice = (
  { file: File; savedResumeId?: undefined } | { file: null; savedResumeId: string }
) & { note: string };

export interface ResumeUploadModalProps {
  open: boolean;
  onClose: () => void;
  /**
   * Uploads the chosen resume (or names the saved one) and sends the request; `onProgress` takes 0–100.
   * Resolves true when done (the caller closes the modal); false stays open.
   */
  onSubmit: (choice: ResumeChoice, onProgress: (percent: number) => void) => Promise<boolean>;
  jobTitle: string;
  /** The job's id: the chosen saved resume's match summary is shown against it. */
  jobId?: string;
  /** The profile's saved resume: undefined while loading, null when there is none. */
  saved: SavedResume | null | undefined;
}

/**
 * The resume a referral request carries. With a saved resume (the profile's), the modal offers it (name,
 * upload date, a link to view it, how it meets the job: MatchSummary) and sends it without a new upload; 'Use a different file' opens the
 * picker (.pdf/.doc/.docx, ≤ 5 MB, view and remove) for a new one, which also becomes the saved resume.
 * An optional note to the referrer ("why me", at most REQUEST_NOTE_MAX characters, a counter below) goes with it.
 * Submit with nothing chosen says 'Missing required data!' inline (never the browser's alert).
 */
export function ResumeUploadModal({
  open,
  onClose,
  onSubmit,
  jobTitle,
  jobId,
  saved,
}: ResumeUploadModalProps) {
  const [file, setFile] = useState<File | null>(null);
  const [note, setNote] = useState('');
  const [different, setDifferent] = useState(false);
  const [missing, setMissing] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const busy = progress !== null;
  const errorId = useId();
  const useSaved = Boolean(saved) && !different;

  // Each opening starts from the saved resume again.
  useEffect(() => {
    if (open) {
      setDifferent(false);
      setMissing(false);
    }
  }, [open]);

  const close = () => {
    if (busy) return;
    setFile(null);
    onClose();
  };
  const noteLeft = REQUEST_NOTE_MAX - note.trim().length;

  const submit = async () => {
    const choice: ResumeChoice | null =
      useSaved && saved
        ? { file: null, savedResumeId: saved._id, note }
        : file
          ? { file, note }
          : null;
    if (!choice) {
      setMissing(true);
      return;
    }
    setMissing(false);
    setProgress(0);
    try {
      const done = await onSubmit(choice, setProgress);
      if (done) {
        setFile(null);
        setNote('');
      }
    } finally {
      setProgress(null);
    }
  };

  const title = saved ? 'Send your resume' : 'Upload your resume';

  return (
    <Modal
      open={open}
      onClose={close}
      title={title}
      closeOnBackdrop={!busy}
      footer={
        <>
          <Button variant="ghost" onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button
            onClick={() => void submit()}
            busy={busy}
            busyLabel="Submitting..."
            disabled={saved === undefined}
            aria-describedby={missing ? errorId : undefined}
          >
            Submit
          </Button>
        </>
      }
    >
      <p className="rf-resume-modal__intro">
        The referrer of <strong>{jobTitle}</strong> will see this resume with your request.
      </p>
      {saved === undefined ? (
        <Spinner label="Loading your saved resume" />
      ) : useSaved && saved ? (
        <div className="rf-resume-modal__saved" role="group" aria-label="Your saved resume">
          <p className="rf-resume-modal__saved-label">Your saved resume</p>
          <p className="rf-resume-modal__saved-name">
            <a href={saved.resumeLink} target="_blank" rel="noreferrer">
              {saved.resumeName}
            </a>
          </p>
          <p className="rf-resume-modal__saved-meta">
            Uploaded {formatDate(saved.uploadedAt)} · {formatBytes(saved.size)}
          </p>
          {jobId && <MatchSummary jobId={jobId} fileId={saved._id} />}
          <Button variant="secondary" size="sm" onClick={() => setDifferent(true)} disabled={busy}>
            Use a different file
          </Button>
        </div>
      ) : (
        <>
          <FilePicker
            label="Resume"
            accept={RESUME_ACCEPT}
            maxBytes={MAX_UPLOAD_BYTES}
            value={file}
            onChange={(f) => {
              setFile(f);
              if (f) setMissing(false);
            }}
            invalidMessage={MESSAGES.resumeTooLargeOrUnsupported}
            progress={progress}
            hint={
              saved
                ? 'PDF, DOC or DOCX, up to 5 MB. It also replaces your saved resume.'
                : 'PDF, DOC or DOCX, up to 5 MB. It is saved to your profile for your next request.'
            }
          />
          {saved && (
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                setDifferent(false);
                setFile(null);
                setMissing(false);
              }}
              disabled={busy}
            >
              Use my saved resume ({saved.resumeName})
            </Button>
          )}
        </>
      )}
      <TextAreaField
        label="Note to the referrer (optional)"
        value={note}
        maxLength={REQUEST_NOTE_MAX}
        rows={4}
        disabled={busy}
        placeholder="Why you fit this role: your experience, a project, what you would bring."
        hint={`${noteLeft} characters left`}
        onChange={(e) => setNote(e.target.value)}
      />
      {missing && (
        <p id={errorId} role="alert" className="rf-resume-modal__error">
          {MESSAGES.missingRequiredData} Please choose your resume to send.
        </p>
      )}
    </Modal>
  );
}

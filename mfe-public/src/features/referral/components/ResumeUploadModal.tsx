import { useEffect, useId, useState } from 'react';
import {
  Button,
  MESSAGES,
  Modal,
  REQUEST_NOTE_MAX,
  RESUMES_MAX,
  Spinner,
  TextAreaField,
  type Resume,
} from '@referio/shared';
import { initialPick, ResumePicker, type ResumePick } from './ResumePicker';
import { MatchSummary } from './MatchSummary';
import './ResumeUploadModal.css';

/**
 * What the candidate sends: one of their resumes by id, or a new file (saved as a new resume, or
 * replacing `replaceId` when they have RESUMES_MAX); and their note (may be blank).
 */
export type ResumeChoice = (
  | { resumeId: string; file?: undefined; replaceId?: undefined }
  | { file: File; resumeId?: undefined; replaceId: string | null }
) & { note: string };

export interface ResumeUploadModalProps {
  open: boolean;
  onClose: () => void;
  /**
   * Saves the new file if any and sends the request; `onProgress` takes 0–100.
   * Resolves true when done (the caller closes the modal); false stays open.
   */
  onSubmit: (choice: ResumeChoice, onProgress: (percent: number) => void) => Promise<boolean>;
  jobTitle: string;
  /** The candidate's named resumes: undefined while loading, [] when there are none. */
  resumes: readonly Resume[] | undefined;
  /** The job's id: the chosen resume's match summary is shown against it. */
  jobId?: string;
}

/** What the dialog says when Submit finds something missing. */
const missingText = {
  file: 'Please choose your resume to send.',
  replace: 'Please choose the resume the new file replaces.',
} as const;

/**
 * The resume a referral request carries (docs/decisions-candidate.md). The candidate picks one of their
 * named resumes (the default preselected) or uploads a new file (.pdf/.doc/.docx, ≤ 5 MB, view and
 * remove), which is saved as a new resume, or, with RESUMES_MAX saved, replaces the one they choose.
 * An optional note to the referrer ("why me", at most REQUEST_NOTE_MAX characters, a counter below) goes with it.
 * Submit with nothing chosen says 'Missing required data!' inline (never the browser's alert).
 */
export function ResumeUploadModal({
  open,
  onClose,
  onSubmit,
  jobTitle,
  resumes,
  jobId,
}: ResumeUploadModalProps) {
  const [file, setFile] = useState<File | null>(null);
  const [note, setNote] = useState('');
  const [pick, setPick] = useState<ResumePick>({ kind: 'new', replaceId: null });
  const [missing, setMissing] = useState<keyof typeof missingText | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const busy = progress !== null;
  const errorId = useId();
  const loaded = resumes !== undefined;

  // Each opening (and each new list of resumes) starts from the default resume again.
  useEffect(() => {
    if (open && resumes) {
      setPick(initialPick(resumes));
      setMissing(null);
    }
  }, [open, resumes]);

  const close = () => {
    if (busy) return;
    setFile(null);
    onClose();
  };
  const noteLeft = REQUEST_NOTE_MAX - note.trim().length;
  const full = (resumes?.length ?? 0) >= RESUMES_MAX;

  const choose = (): ResumeChoice | keyof typeof missingText => {
    if (pick.kind === 'saved') return { resumeId: pick.id, note };
    if (!file) return 'file';
    if (full && !pick.replaceId) return 'replace';
    return { file, replaceId: full ? pick.replaceId : null, note };
  };

  const submit = async () => {
    const choice = choose();
    if (typeof choice === 'string') {
      setMissing(choice);
      return;
    }
    setMissing(null);
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

  const title = resumes && resumes.length > 0 ? 'Send your resume' : 'Upload your resume';

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
            disabled={!loaded}
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
      {!loaded ? (
        <Spinner label="Loading your resumes" />
      ) : (
        <ResumePicker
          resumes={resumes}
          pick={pick}
          onPick={(p) => {
            setPick(p);
            setMissing(null);
          }}
          file={file}
          onFile={(f) => {
            setFile(f);
            if (f) setMissing(null);
          }}
          progress={progress}
          disabled={busy}
        />
      )}
      {loaded && jobId && pick.kind === 'saved' && (
        <MatchSummary jobId={jobId} resumeId={pick.id} />
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
          {MESSAGES.missingRequiredData} {missingText[missing]}
        </p>
      )}
    </Modal>
  );
}

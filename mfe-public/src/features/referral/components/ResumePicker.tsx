import { useId } from 'react';
import {
  MAX_UPLOAD_BYTES,
  MESSAGES,
  RESUMES_MAX,
  RESUME_ACCEPT,
  formatDate,
  type Resume,
} from '@referio/shared';
import { FilePicker } from '@referio/shared/forms';

/** Which resume a request sends: one of the saved ones, or a new file (replacing one when full). */
export type ResumePick = { kind: 'saved'; id: string } | { kind: 'new'; replaceId: string | null };

export const resumePickerTexts = {
  legend: 'Resume to send',
  defaultBadge: 'Default',
  uploaded: (r: Resume) => `${r.fileName} · Uploaded ${formatDate(r.uploadedAt)}`,
  view: 'View',
  viewLabel: (r: Resume) => `View ${r.name}`,
  newFile: 'Upload a new file',
  replaceLegend: `You have ${RESUMES_MAX} resumes, the most you can keep. Which one should the new file replace?`,
  hintFirst: 'PDF, DOC or DOCX, up to 5 MB. It is saved to your resumes for your next request.',
  hintRoom: 'PDF, DOC or DOCX, up to 5 MB. It is saved to your resumes, named after the file.',
  hintFull: 'PDF, DOC or DOCX, up to 5 MB. It replaces the resume you choose below.',
} as const;

/** The pick a dialog starts from: the default resume, or a new file when there is none. */
export const initialPick = (resumes: readonly Resume[]): ResumePick => {
  const preferred = resumes.find((r) => r.isDefault) ?? resumes[0];
  return preferred ? { kind: 'saved', id: preferred._id } : { kind: 'new', replaceId: null };
};

export interface ResumePickerProps {
  resumes: readonly Resume[];
  pick: ResumePick;
  onPick: (pick: ResumePick) => void;
  file: File | null;
  onFile: (file: File | null) => void;
  progress: number | null;
  disabled?: boolean;
}

/**
 * The request dialog's resume choice (docs/decisions-candidate.md): the candidate's named resumes as
 * radio buttons (the default preselected, each with a link to view it) and 'Upload a new file', which
 * opens the file picker; with RESUMES_MAX resumes saved, the new file replaces the one they choose.
 * Without resumes it is the file picker alone.
 */
export function ResumePicker({
  resumes,
  pick,
  onPick,
  file,
  onFile,
  progress,
  disabled,
}: ResumePickerProps) {
  const name = useId();
  const full = resumes.length >= RESUMES_MAX;
  const hint =
    resumes.length === 0
      ? resumePickerTexts.hintFirst
      : full
        ? resumePickerTexts.hintFull
        : resumePickerTexts.hintRoom;
  const picker = (
    <FilePicker
      label="Resume"
      accept={RESUME_ACCEPT}
      maxBytes={MAX_UPLOAD_BYTES}
      value={file}
      onChange={onFile}
      invalidMessage={MESSAGES.resumeTooLargeOrUnsupported}
      progress={progress}
      hint={hint}
    />
  );
  if (resumes.length === 0) return picker;
  return (
    <>
      <fieldset className="rf-resume-picker rf-choice-set" disabled={disabled}>
        <legend className="rf-resume-picker__legend">{resumePickerTexts.legend}</legend>
        {resumes.map((r) => (
          <div key={r._id} className="rf-resume-picker__option">
            <label className="rf-resume-picker__choice">
              <input
                type="radio"
                name={name}
                checked={pick.kind === 'saved' && pick.id === r._id}
                onChange={() => onPick({ kind: 'saved', id: r._id })}
              />
              <span className="rf-resume-picker__text">
                <span className="rf-resume-picker__name">
                  {r.name}
                  {r.isDefault && (
                    <span className="rf-badge rf-resume-picker__badge">
                      {resumePickerTexts.defaultBadge}
                    </span>
                  )}
                </span>
                <span className="rf-resume-picker__meta">{resumePickerTexts.uploaded(r)}</span>
              </span>
            </label>
            <a
              className="rf-resume-picker__view"
              href={r.resumeLink}
              target="_blank"
              rel="noreferrer"
              aria-label={resumePickerTexts.viewLabel(r)}
            >
              {resumePickerTexts.view}
            </a>
          </div>
        ))}
        <div className="rf-resume-picker__option">
          <label className="rf-resume-picker__choice">
            <input
              type="radio"
              name={name}
              checked={pick.kind === 'new'}
              onChange={() => onPick({ kind: 'new', replaceId: null })}
            />
            <span className="rf-resume-picker__name">{resumePickerTexts.newFile}</span>
          </label>
        </div>
      </fieldset>
      {pick.kind === 'new' && picker}
      {pick.kind === 'new' && full && (
        <fieldset className="rf-resume-picker rf-choice-set" disabled={disabled}>
          <legend className="rf-resume-picker__legend">{resumePickerTexts.replaceLegend}</legend>
          {resumes.map((r) => (
            <label key={r._id} className="rf-resume-picker__choice rf-resume-picker__option">
              <input
                type="radio"
                name={`${name}-replace`}
                checked={pick.replaceId === r._id}
                onChange={() => onPick({ kind: 'new', replaceId: r._id })}
              />
              <span className="rf-resume-picker__name">{r.name}</span>
            </label>
          ))}
        </fieldset>
      )}
    </>
  );
}

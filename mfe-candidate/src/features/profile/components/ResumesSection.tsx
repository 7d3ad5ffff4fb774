import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  ConfirmDialog,
  MAX_UPLOAD_BYTES,
  MESSAGES,
  RESUMES_FULL_MESSAGE,
  RESUMES_MAX,
  RESUME_ACCEPT,
  RESUME_NAME_MAX,
  Spinner,
  TextField,
  addResume,
  changeResume,
  deleteNamedResume,
  errorMessage,
  formatBytes,
  formatDate,
  isResumeFile,
  isWithinUploadLimit,
  messageWithReason,
  replaceResumeFile,
  resumesQueries,
  toast,
  type Resume,
} from '@referio/shared';
import { FilePicker } from '@referio/shared/forms';

export const resumesTexts = {
  intro: `Keep up to ${RESUMES_MAX} resumes, e.g. one per kind of role. The default one is preselected when you request a referral.`,
  empty: 'No resume uploaded yet. You need one to request a referral.',
  add: 'Add a resume',
  addHint: '.pdf, .doc or .docx, at most 5 MB. It is named after the file; you can rename it.',
  full: RESUMES_FULL_MESSAGE,
  list: 'Your resumes',
  defaultBadge: 'Default',
  meta: (r: Resume) =>
    `${r.fileName} · ${formatBytes(r.size)} · Uploaded ${formatDate(r.uploadedAt)}`,
  view: (r: Resume) => `View ${r.name}`,
  rename: 'Rename',
  renameLabel: (r: Resume) => `Rename ${r.name}`,
  nameLabel: 'Resume name',
  save: 'Save',
  cancel: 'Cancel',
  replace: 'Replace file',
  replaceLabel: (r: Resume) => `Replace the file of ${r.name}`,
  makeDefault: 'Make default',
  makeDefaultLabel: (r: Resume) => `Make ${r.name} the default`,
  remove: 'Delete',
  removeLabel: (r: Resume) => `Delete ${r.name}`,
  removeTitle: 'Remove resume',
  replaced: 'Resume replaced.',
  saved: 'Resume saved.',
  failed: 'The resume could not be changed.',
  removeFailed: 'Error removing resume.',
} as const;

const WRONG_TYPE = 'Please upload a .pdf, .doc or .docx file.';

export interface ResumesSectionProps {
  userId: string;
  /** A resume changed: reload what shows them (the profile, the list, the request dialog). */
  onChanged: () => void;
}

/**
 * My Resume (docs/decisions-candidate.md): the candidate's named resumes, at most RESUMES_MAX, the
 * default first. Each can be viewed, renamed, given a new file, made the default and deleted (after the
 * spec's confirmation); a new one is added with the file picker while there is room. A refusal (a
 * fourth resume added from another tab, a file the server rejects) shows the server's message.
 */
export function ResumesSection({ userId, onChanged }: ResumesSectionProps) {
  const resumes = useQuery(resumesQueries.of(userId));
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [removing, setRemoving] = useState<Resume | null>(null);
  const [busyRemove, setBusyRemove] = useState(false);
  const list = resumes.data ?? [];
  const full = list.length >= RESUMES_MAX;

  const upload = async (chosen: File | null) => {
    setFile(chosen);
    setRefusal(null);
    if (!chosen) return;
    setProgress(0);
    try {
      await addResume(chosen, undefined, setProgress);
      toast.success(MESSAGES.resumeUploaded);
      onChanged();
    } catch (err) {
      setRefusal(messageWithReason(err, MESSAGES.resumeUploadFailed));
    } finally {
      setProgress(null);
      setFile(null);
    }
  };

  const remove = async () => {
    if (!removing) return;
    setBusyRemove(true);
    try {
      const answer = await deleteNamedResume(removing._id);
      if (answer.message) toast.success(answer.message);
      onChanged();
    } catch (err) {
      toast.error(errorMessage(err, resumesTexts.removeFailed));
    } finally {
      setBusyRemove(false);
      setRemoving(null);
    }
  };

  return (
    <section className="rf-card rf-profile-form" aria-labelledby="cand-resume-title">
      <h2 id="cand-resume-title">My Resume</h2>
      <p className="rf-field__hint">{resumesTexts.intro}</p>
      {resumes.isPending ? (
        <Spinner label="Loading your resumes" />
      ) : list.length === 0 ? (
        progress === null && <p className="rf-field__hint">{resumesTexts.empty}</p>
      ) : (
        <ul className="cand-resumes" aria-label={resumesTexts.list}>
          {list.map((r) => (
            <ResumeItem
              key={r._id}
              resume={r}
              onChanged={onChanged}
              onRemove={() => setRemoving(r)}
            />
          ))}
        </ul>
      )}
      {full ? (
        <p className="rf-field__hint">{resumesTexts.full}</p>
      ) : (
        <FilePicker
          label={resumesTexts.add}
          accept={RESUME_ACCEPT}
          maxBytes={MAX_UPLOAD_BYTES}
          value={file}
          onChange={(f) => void upload(f)}
          invalidMessage={WRONG_TYPE}
          tooLargeMessage={MESSAGES.resumeTooLarge}
          progress={progress}
          hint={resumesTexts.addHint}
        />
      )}
      {progress !== null && (
        <p role="status" className="cand-uploading">
          Uploading...
        </p>
      )}
      {refusal && (
        <p role="alert" className="cand-error">
          {refusal}
        </p>
      )}
      <ConfirmDialog
        open={removing !== null}
        title={resumesTexts.removeTitle}
        message={MESSAGES.resumeRemoveConfirm}
        confirmLabel="Delete"
        cancelLabel="Cancel"
        tone="danger"
        busy={busyRemove}
        onConfirm={() => void remove()}
        onCancel={() => setRemoving(null)}
      />
    </section>
  );
}

interface ResumeItemProps {
  resume: Resume;
  onChanged: () => void;
  onRemove: () => void;
}

/** One resume: name (and Default), its file's facts, and its actions. */
function ResumeItem({ resume: r, onChanged, onRemove }: ResumeItemProps) {
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(r.name);
  const [busy, setBusy] = useState<'rename' | 'replace' | 'default' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const titleId = useId();

  const run = async (kind: 'rename' | 'replace' | 'default', action: () => Promise<unknown>) => {
    setBusy(kind);
    setError(null);
    try {
      await action();
      onChanged();
      return true;
    } catch (err) {
      setError(errorMessage(err, resumesTexts.failed));
      return false;
    } finally {
      setBusy(null);
    }
  };

  const saveName = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) {
      setError('Please give the resume a name.');
      return;
    }
    if (await run('rename', () => changeResume(r._id, { name: name.trim() }))) {
      setRenaming(false);
      toast.success(resumesTexts.saved);
    }
  };

  const replace = async (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = e.target.files?.[0];
    e.target.value = '';
    if (!chosen) return;
    if (!isResumeFile(chosen)) return setError(WRONG_TYPE);
    if (!isWithinUploadLimit(chosen)) return setError(MESSAGES.resumeTooLarge);
    if (await run('replace', () => replaceResumeFile(r._id, chosen))) {
      toast.success(resumesTexts.replaced);
    }
  };

  return (
    <li className="cand-resume" aria-labelledby={titleId}>
      {renaming ? (
        <form className="cand-resume__rename" onSubmit={(e) => void saveName(e)}>
          <TextField
            label={resumesTexts.nameLabel}
            value={name}
            maxLength={RESUME_NAME_MAX}
            autoFocus
            onChange={(e) => setName(e.target.value)}
          />
          <div className="cand-resume__actions">
            <Button type="submit" size="sm" busy={busy === 'rename'}>
              {resumesTexts.save}
            </Button>
            <Button
              size="sm"
              variant="ghost"
              onClick={() => {
                setRenaming(false);
                setName(r.name);
                setError(null);
              }}
            >
              {resumesTexts.cancel}
            </Button>
          </div>
        </form>
      ) : (
        <p id={titleId} className="cand-resume__name">
          <a href={r.resumeLink} target="_blank" rel="noreferrer" aria-label={resumesTexts.view(r)}>
            {r.name}
          </a>
          {r.isDefault && (
            <span className="rf-badge rf-badge--success">{resumesTexts.defaultBadge}</span>
          )}
        </p>
      )}
      <p className="cand-resume__meta">{resumesTexts.meta(r)}</p>
      {!renaming && (
        <div className="cand-resume__actions">
          <Button
            size="sm"
            variant="secondary"
            aria-label={resumesTexts.renameLabel(r)}
            onClick={() => setRenaming(true)}
          >
            {resumesTexts.rename}
          </Button>
          <Button
            size="sm"
            variant="secondary"
            aria-label={resumesTexts.replaceLabel(r)}
            busy={busy === 'replace'}
            onClick={() => fileInput.current?.click()}
          >
            {resumesTexts.replace}
          </Button>
          <input
            ref={fileInput}
            type="file"
            accept={RESUME_ACCEPT}
            className="rf-visually-hidden"
            tabIndex={-1}
            aria-hidden="true"
            data-testid={`replace-${r._id}`}
            onChange={(e) => void replace(e)}
          />
          {!r.isDefault && (
            <Button
              size="sm"
              variant="secondary"
              aria-label={resumesTexts.makeDefaultLabel(r)}
              busy={busy === 'default'}
              onClick={() => void run('default', () => changeResume(r._id, { isDefault: true }))}
            >
              {resumesTexts.makeDefault}
            </Button>
          )}
          <Button
            size="sm"
            variant="ghost"
            aria-label={resumesTexts.removeLabel(r)}
            onClick={onRemove}
          >
            {resumesTexts.remove}
          </Button>
        </div>
      )}
      {error && (
        <p role="alert" className="cand-error">
          {error}
        </p>
      )}
    </li>
  );
}

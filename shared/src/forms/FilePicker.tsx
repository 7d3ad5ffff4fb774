import {
  useEffect,
  useRef,
  useState,
  type ChangeEvent,
  type DragEvent,
  type ReactNode,
} from 'react';
import { Button, cx, formatBytes, MAX_UPLOAD_BYTES, type UploadedFileInfo } from '@referio/shared';
import { Field, useField } from '../ui/Field';
import { UploadProgress } from '../ui/UploadProgress';

/** Whether a file matches an `accept` list ('.pdf', 'application/pdf', 'image/*'). */
export function isAcceptedFile(file: { name: string; type: string }, accept: string): boolean {
  const rules = accept
    .split(',')
    .map((r) => r.trim().toLowerCase())
    .filter(Boolean);
  if (rules.length === 0) return true;
  const name = file.name.toLowerCase();
  const type = (file.type || '').toLowerCase();
  return rules.some((r) => {
    if (r.startsWith('.')) return name.endsWith(r);
    if (r.endsWith('/*')) return type.startsWith(r.slice(0, -1));
    return type === r;
  });
}

export interface FilePickerProps {
  label: ReactNode;
  /** `accept` list: extensions and/or MIME types. */
  accept: string;
  maxBytes?: number;
  /** The chosen file (controlled). */
  value: File | null;
  /** A chosen, valid file, or null when removed. */
  onChange: (file: File | null) => void;
  /** Shown when a file is too large or of the wrong type. */
  invalidMessage: string;
  /** Overrides `invalidMessage` for a file that is too large. */
  tooLargeMessage?: string;
  /** Called with the message when a file is refused. */
  onInvalid?: (message: string) => void;
  /** An already uploaded file to show (with its link) when nothing new is chosen. */
  current?: UploadedFileInfo | null;
  /** Removes `current` (ask first if you must). */
  onRemoveCurrent?: () => void;
  /** Upload progress 0–100; null/undefined hides the bar. */
  progress?: number | null;
  disabled?: boolean;
  hint?: ReactNode;
  className?: string;
}

/**
 * Choose one file (the 'Browse files' button or a drop on the dashed area), checked against `accept` and
 * `maxBytes` before anything is sent; shows its name and size with View and Remove, and a progress bar
 * while uploading. The browser's own file button is not shown: the input is visually hidden and keeps the
 * label, so assistive technology and `setInputFiles` still find it.
 */
export function FilePicker({
  label,
  accept,
  maxBytes = MAX_UPLOAD_BYTES,
  value,
  onChange,
  invalidMessage,
  tooLargeMessage,
  onInvalid,
  current,
  onRemoveCurrent,
  progress,
  disabled = false,
  hint,
  className,
}: FilePickerProps) {
  const [error, setError] = useState<string | null>(null);
  const [over, setOver] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  const objectUrl = useObjectUrl(value);

  const refuse = (message: string) => {
    setError(message);
    onInvalid?.(message);
  };

  const take = (file: File | null) => {
    if (!file) return;
    if (!isAcceptedFile(file, accept)) return refuse(invalidMessage);
    if (file.size > maxBytes || file.size === 0) return refuse(tooLargeMessage ?? invalidMessage);
    setError(null);
    onChange(file);
  };

  const onPick = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0] ?? null;
    e.target.value = ''; // choosing the same file again still fires
    take(file);
  };

  const locked = disabled || (progress !== null && progress !== undefined);
  const onDragOver = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    if (locked) {
      e.dataTransfer.dropEffect = 'none';
      return;
    }
    e.dataTransfer.dropEffect = 'copy';
    setOver(true);
  };
  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setOver(false);
    if (locked) return;
    if (e.dataTransfer.files.length > 1) return refuse('Please drop one file.');
    take(e.dataTransfer.files[0] ?? null);
  };

  const shown: UploadedFileInfo | null = value
    ? { name: value.name, size: value.size, url: objectUrl ?? '' }
    : (current ?? null);
  const uploading = progress !== null && progress !== undefined;
  const { frame, control } = useField({ label, hint, error, className });

  return (
    <Field
      {...frame}
      base="rf-file"
      after={
        <>
          {shown && (
            <ChosenFile
              shown={shown}
              locked={locked}
              onRemove={
                value || onRemoveCurrent
                  ? () => {
                      setError(null);
                      if (value) onChange(null);
                      else onRemoveCurrent?.();
                    }
                  : null
              }
            />
          )}
          {uploading && <UploadProgress percent={Math.round(progress)} label="Upload progress" />}
        </>
      }
    >
      <div
        className={cx(
          'rf-file__drop',
          over && 'rf-file__drop--over',
          locked && 'rf-file__drop--disabled',
        )}
        data-testid="file-drop"
        onDragEnter={onDragOver}
        onDragOver={onDragOver}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        <input
          ref={inputRef}
          {...control}
          type="file"
          accept={accept}
          className="rf-visually-hidden"
          tabIndex={-1}
          disabled={locked}
          onChange={onPick}
        />
        <p className="rf-file__drop-text" aria-hidden="true">
          Drag and drop a file here, or
        </p>
        <Button
          variant="secondary"
          size="sm"
          disabled={locked}
          aria-describedby={control['aria-describedby']}
          onClick={() => inputRef.current?.click()}
        >
          Browse files
        </Button>
      </div>
    </Field>
  );
}

/** A blob: URL for `file` while it is chosen (revoked after), so 'View' opens it before any upload. */
function useObjectUrl(file: File | null): string | null {
  const [objectUrl, setObjectUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file || typeof URL === 'undefined' || typeof URL.createObjectURL !== 'function') {
      setObjectUrl(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setObjectUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  return objectUrl;
}

/** The chosen or current file: its name and size, View (when it has a link) and Remove (when removable). */
function ChosenFile({
  shown,
  locked,
  onRemove,
}: {
  shown: UploadedFileInfo;
  locked: boolean;
  onRemove: (() => void) | null;
}) {
  return (
    <div className="rf-file__chosen">
      <span className="rf-file__name">{shown.name}</span>
      {shown.size > 0 && <span className="rf-file__size">{formatBytes(shown.size)}</span>}
      <span className="rf-file__actions">
        {shown.url && (
          <a
            className="rf-btn rf-btn--ghost rf-btn--sm"
            href={shown.url}
            target="_blank"
            rel="noreferrer"
            aria-label={`View ${shown.name}`}
          >
            View
          </a>
        )}
        {onRemove && (
          <Button
            variant="ghost"
            size="sm"
            disabled={locked}
            aria-label={`Remove ${shown.name}`}
            onClick={onRemove}
          >
            Remove
          </Button>
        )}
      </span>
    </div>
  );
}

import {
  IMAGE_EXTENSIONS,
  IMAGE_MIME_TYPES,
  MAX_UPLOAD_BYTES,
  RESUME_EXTENSIONS,
  RESUME_MIME_TYPES,
  RESUME_NAME_MAX,
} from './constants';

/** The upload answers (schemas in ./uploadAnswers.ts, which the main bundle does not load). */
export type {
  ProfileImageUploadAnswer,
  Resume,
  ResumeChange,
  ResumeUploadAnswer,
  SavedResume,
} from './uploadAnswers';

/** How a chosen or uploaded resume is shown. */
export interface UploadedFileInfo {
  name: string;
  size: number;
  url: string;
}

/** The name and type a browser reports for a file (File satisfies it). */
export interface FileLike {
  name: string;
  type: string;
  size: number;
}

const extOf = (name: string) => {
  const i = name.lastIndexOf('.');
  return i < 0 ? '' : name.slice(i).toLowerCase();
};

/** A resume by its name or MIME type: .pdf, .doc, .docx. (The server checks the content too.) */
export function isResumeFile(f: Pick<FileLike, 'name' | 'type'>): boolean {
  return (
    (RESUME_EXTENSIONS as readonly string[]).includes(extOf(f.name)) ||
    (RESUME_MIME_TYPES as readonly string[]).includes(f.type)
  );
}

export function isImageFile(f: Pick<FileLike, 'name' | 'type'>): boolean {
  return (
    f.type.startsWith('image/') ||
    (IMAGE_MIME_TYPES as readonly string[]).includes(f.type) ||
    (IMAGE_EXTENSIONS as readonly string[]).includes(extOf(f.name))
  );
}

/** The name a new resume gets from its file: the file's name without its extension ('Resume' if none). */
export function resumeNameOf(fileName: string, max = RESUME_NAME_MAX): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const name = base.replace(/\.[A-Za-z0-9]{1,5}$/, '').trim();
  return (name || 'Resume').slice(0, max);
}

export const isWithinUploadLimit = (f: Pick<FileLike, 'size'>): boolean =>
  f.size > 0 && f.size <= MAX_UPLOAD_BYTES;

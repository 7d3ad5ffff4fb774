import type { AxiosProgressEvent } from 'axios';
import { queryOptions } from '@tanstack/react-query';
// The query options call this module's functions through its namespace, so a test that replaces a
// function (`mockSharedApi` in @referio/shared/test-utils) replaces it for the queries too.
import * as api from './upload';
import type {
  ProfileImageUploadAnswer,
  Resume,
  ResumeChange,
  ResumeUploadAnswer,
  SavedResume,
} from '../contract/upload';
import { apiClient, type Envelope, type MessageAnswer, type ProgressCallback } from './client';

function multipart(file: Blob, userId: string, fileName?: string): FormData {
  const form = new FormData();
  form.append('userId', userId);
  if (fileName) form.append('file', file, fileName);
  else form.append('file', file);
  return form;
}

const progress = (cb?: ProgressCallback) =>
  cb
    ? (e: AxiosProgressEvent) => {
        const total = e.total ?? 0;
        cb(total > 0 ? Math.min(100, Math.round((e.loaded / total) * 100)) : 0);
      }
    : undefined;

/** POST /documentsUpload/resumeUpload (multipart file + userId). */
export async function resumeUpload(
  file: File,
  userId: string,
  onUploadProgress?: ProgressCallback,
): Promise<ResumeUploadAnswer> {
  const res = await apiClient.post<Envelope<ResumeUploadAnswer>>(
    '/documentsUpload/resumeUpload',
    multipart(file, userId, file.name),
    { onUploadProgress: progress(onUploadProgress) },
  );
  return res.data.data;
}

/** POST /documentsUpload/profileImgUpload (multipart file + userId). */
export async function profileImgUpload(
  file: File,
  userId: string,
  onUploadProgress?: ProgressCallback,
): Promise<ProfileImageUploadAnswer> {
  const res = await apiClient.post<Envelope<ProfileImageUploadAnswer>>(
    '/documentsUpload/profileImgUpload',
    multipart(file, userId, file.name),
    { onUploadProgress: progress(onUploadProgress) },
  );
  return res.data.data;
}

/** DELETE /documentsUpload/resume: removes the signed-in user's resume. */
export async function deleteResume(): Promise<MessageAnswer> {
  return (await apiClient.delete<MessageAnswer>('/documentsUpload/resume')).data;
}

/** GET /documentsUpload/savedResume/:userId: the caller's saved resume (null when there is none). */
export async function getSavedResume(userId: string): Promise<SavedResume | null> {
  return (
    await apiClient.get<Envelope<SavedResume | null>>(
      `/documentsUpload/savedResume/${encodeURIComponent(userId)}`,
    )
  ).data.data;
}

/** A named resume's form: its name (when given) before the file, as the server reads it. */
function namedResumeForm(file: File, name?: string): FormData {
  const form = new FormData();
  if (name !== undefined) form.append('name', name);
  form.append('file', file, file.name);
  return form;
}

/** GET /documentsUpload/resumes: the caller's named resumes, the default first. */
export async function listResumes(): Promise<Resume[]> {
  return (await apiClient.get<Envelope<Resume[]>>('/documentsUpload/resumes')).data.data;
}

/**
 * POST /documentsUpload/resumes: adds a named resume (named after the file without `name`); a 400
 * with RESUMES_FULL_MESSAGE when the caller already has RESUMES_MAX.
 */
export async function addResume(
  file: File,
  name?: string,
  onUploadProgress?: ProgressCallback,
): Promise<Resume> {
  const res = await apiClient.post<Envelope<Resume>>(
    '/documentsUpload/resumes',
    namedResumeForm(file, name),
    { onUploadProgress: progress(onUploadProgress) },
  );
  return res.data.data;
}

/** PUT /documentsUpload/resumes/:id/file: a new file for the resume (its name kept without `name`). */
export async function replaceResumeFile(
  id: string,
  file: File,
  name?: string,
  onUploadProgress?: ProgressCallback,
): Promise<Resume> {
  const res = await apiClient.put<Envelope<Resume>>(
    `/documentsUpload/resumes/${encodeURIComponent(id)}/file`,
    namedResumeForm(file, name),
    { onUploadProgress: progress(onUploadProgress) },
  );
  return res.data.data;
}

/** PUT /documentsUpload/resumes/:id: rename it and/or make it the default (the fields sent). */
export async function changeResume(id: string, change: ResumeChange): Promise<Resume> {
  return (
    await apiClient.put<Envelope<Resume>>(
      `/documentsUpload/resumes/${encodeURIComponent(id)}`,
      change,
    )
  ).data.data;
}

/** DELETE /documentsUpload/resumes/:id (requests already sent keep their copy). */
export async function deleteNamedResume(id: string): Promise<MessageAnswer> {
  return (
    await apiClient.delete<MessageAnswer>(`/documentsUpload/resumes/${encodeURIComponent(id)}`)
  ).data;
}

export const resumesKeys = {
  of: (userId: string | undefined) => ['profiles', 'resumes', { userId: userId ?? '' }] as const,
};

export const resumesQueries = {
  /** The caller's named resumes (the profile's list and the request dialog's picker). */
  of: (userId: string | undefined) =>
    queryOptions({
      queryKey: resumesKeys.of(userId),
      queryFn: () => api.listResumes(),
      enabled: Boolean(userId),
      staleTime: 0,
    }),
};

export const savedResumeKeys = {
  of: (userId: string | undefined) =>
    ['profiles', 'savedResume', { userId: userId ?? '' }] as const,
};

export const savedResumeQueries = {
  /** The resume a referral request offers; fetched fresh each time the request opens. */
  of: (userId: string | undefined) =>
    queryOptions({
      queryKey: savedResumeKeys.of(userId),
      queryFn: () => api.getSavedResume(userId as string),
      enabled: Boolean(userId),
      staleTime: 0,
    }),
};

import type { AxiosProgressEvent } from 'axios';
import type { ProfileImageUploadAnswer, ResumeUploadAnswer } from '../contract/upload';
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

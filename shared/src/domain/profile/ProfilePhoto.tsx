import { useEffect, useId, useState, type ChangeEvent } from 'react';
import {
  MAX_UPLOAD_BYTES,
  MESSAGES,
  IMAGE_ACCEPT,
  initials,
  isImageFile,
  messageWithReason,
  profileImgUpload,
  toast,
} from '@referio/shared';
import { UploadProgress } from '../../ui/UploadProgress';
import '../cards.css';

export interface ProfilePhotoProps {
  userId: string;
  /** The name the initials are taken from while there is no photo. */
  name: string;
  /** The current photo's address, or null. */
  photo: string | null;
  /** The new photo's address once uploaded (cache-busted). */
  onUploaded: (link: string) => void;
}

export const IMAGE_ONLY = 'Please choose an image file.';

/** The profile photo with 'Change photo': an image of at most 5 MB, previewed and uploaded at once. */
export function ProfilePhoto({ userId, name, photo, onUploaded }: ProfilePhotoProps) {
  const inputId = useId();
  const [preview, setPreview] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const onPick = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    if (!isImageFile(file)) return setError(IMAGE_ONLY);
    if (file.size > MAX_UPLOAD_BYTES) return setError(MESSAGES.profileImageTooLarge);
    setError(null);
    if (typeof URL.createObjectURL === 'function') setPreview(URL.createObjectURL(file));
    setProgress(0);
    try {
      const answer = await profileImgUpload(file, userId, setProgress);
      const link = `${answer.profileImageLink}${answer.profileImageLink.includes('?') ? '&' : '?'}v=${Date.now()}`;
      onUploaded(link);
      toast.success(MESSAGES.profileImageUploaded);
    } catch (err) {
      setPreview(null);
      toast.error(messageWithReason(err, MESSAGES.profileImageUploadFailed));
    } finally {
      setProgress(null);
    }
  };

  const shown = preview ?? photo;

  return (
    <div className="rf-photo">
      {shown ? (
        <img className="rf-photo__img" src={shown} alt="Your profile photo" />
      ) : (
        <span className="rf-photo__img rf-photo__initials" aria-hidden="true">
          {initials(name)}
        </span>
      )}
      <div className="rf-photo__controls">
        <input
          id={inputId}
          type="file"
          accept={IMAGE_ACCEPT}
          className="rf-visually-hidden"
          disabled={progress !== null}
          aria-describedby={error ? `${inputId}-error` : undefined}
          onChange={(e) => void onPick(e)}
        />
        <label htmlFor={inputId} className="rf-btn rf-btn--secondary rf-btn--sm rf-photo__label">
          Change photo
        </label>
        <p className="rf-field__hint">An image, at most 5 MB.</p>
        {progress !== null && (
          <UploadProgress percent={progress} label="Profile image upload progress" />
        )}
        {error && (
          <p id={`${inputId}-error`} className="rf-field__error" role="alert">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}

// "E-mail me when…": one checkbox per notification kind, on both profile pages. Each change is saved at
// once (PUT /notifications/preferences) and the cache takes the server's answer.
import { useId } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  errorMessage,
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KINDS,
  notificationKeys,
  type NotificationKind,
  notificationQueries,
  toast,
  updateMailPreferences,
  useCurrentUser,
} from '@referio/shared';

export const EMAIL_PREFERENCES_SAVED = 'Your e-mail preferences are saved.';
export const EMAIL_PREFERENCES_FAILED =
  'Your e-mail preferences could not be saved. Please try again.';

export function EmailPreferences() {
  const userId = useCurrentUser()?._id;
  const headingId = useId();
  const queryClient = useQueryClient();
  const prefs = useQuery(notificationQueries.preferences(userId));
  const save = useMutation({
    mutationFn: (change: Partial<Record<NotificationKind, boolean>>) =>
      updateMailPreferences(change),
    onSuccess: (data) => {
      queryClient.setQueryData(notificationKeys.preferences(userId), data);
      toast.success(EMAIL_PREFERENCES_SAVED, { toastId: 'email-prefs' });
    },
    onError: (err) => toast.error(errorMessage(err, EMAIL_PREFERENCES_FAILED)),
  });

  return (
    <section className="rf-email-prefs" aria-labelledby={headingId}>
      <h2 id={headingId} className="rf-email-prefs__title">
        E-mail notifications
      </h2>
      <p className="rf-email-prefs__hint">E-mail me when… (you always see these in the bell)</p>
      {prefs.isError ? (
        <p className="rf-email-prefs__hint">Your e-mail preferences could not be loaded.</p>
      ) : (
        <ul className="rf-email-prefs__list">
          {NOTIFICATION_KINDS.map((kind) => (
            <li key={kind}>
              <label className="rf-email-prefs__option">
                <input
                  type="checkbox"
                  name={kind}
                  checked={prefs.data?.[kind] ?? false}
                  disabled={!prefs.data || save.isPending}
                  onChange={(e) => save.mutate({ [kind]: e.target.checked })}
                />
                <span>{NOTIFICATION_KIND_LABELS[kind]}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

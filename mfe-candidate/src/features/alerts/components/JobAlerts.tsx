// The candidate's job alerts on their profile (#job-alerts): each alert as people read it, how often it
// e-mails (instant, daily or paused, saved on change) and delete; the mails' "Manage your job alerts" and the
// job lists' "Manage alerts" land here.
import { useEffect, useId, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router-dom';
import {
  afterJobAlertChange,
  ConfirmDialog,
  deleteJobAlert,
  errorMessage,
  JOB_ALERT_FREQUENCIES,
  JOB_ALERT_FREQUENCY_LABELS,
  JOB_ALERT_MAX,
  JOB_ALERT_MESSAGES,
  jobAlertKeys,
  jobAlertLabel,
  jobAlertListPath,
  jobAlertQueries,
  paths,
  SelectField,
  Spinner,
  toast,
  updateJobAlert,
  useCurrentUser,
  type JobAlert,
  type JobAlertFrequency,
} from '@referio/shared';

export const JOB_ALERTS_LOAD_FAILED = 'Your job alerts could not be loaded.';
const FREQUENCY_OPTIONS = JOB_ALERT_FREQUENCIES.map((f) => ({
  value: f,
  label: JOB_ALERT_FREQUENCY_LABELS[f],
}));

export interface JobAlertsProps {
  /** Whether the page above has its final height (a mail's #job-alerts link scrolls here then). */
  ready?: boolean;
}

export function JobAlerts({ ready = true }: JobAlertsProps) {
  const userId = useCurrentUser()?._id;
  const headingId = useId();
  const alerts = useQuery(jobAlertQueries.list(userId));
  const heading = useArrivalFocus(ready && alerts.isSuccess);
  const [deleting, setDeleting] = useState<JobAlert | null>(null);

  return (
    <section id="job-alerts" className="cand-alerts" aria-labelledby={headingId}>
      <h2 id={headingId} ref={heading} tabIndex={-1} className="cand-alerts__title">
        Job alerts
      </h2>
      <p className="cand-alerts__hint">
        New jobs that match a saved search, by e-mail.
        {alerts.data ? ` ${alerts.data.length} of ${JOB_ALERT_MAX}.` : ''}
      </p>
      {alerts.isPending ? (
        <Spinner label="Loading job alerts" />
      ) : alerts.isError ? (
        <p role="alert">{JOB_ALERTS_LOAD_FAILED}</p>
      ) : alerts.data.length === 0 ? (
        <p className="cand-alerts__empty">
          No job alerts yet. Search the jobs in{' '}
          <Link to={paths.dashboardPage('explore')}>Explore</Link> and choose “Get alerts for this
          search”.
        </p>
      ) : (
        <ul className="cand-alerts__list" aria-label="Your job alerts">
          {alerts.data.map((alert) => (
            <JobAlertItem key={alert._id} alert={alert} onDelete={() => setDeleting(alert)} />
          ))}
        </ul>
      )}
      <DeleteAlertDialog alert={deleting} onClose={() => setDeleting(null)} />
    </section>
  );
}

/**
 * Arriving at #job-alerts (a mail's link, "Manage alerts"), the section's heading takes the focus and scrolls
 * into view once it and the page above it have loaded.
 */
function useArrivalFocus(loaded: boolean) {
  const { hash } = useLocation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!loaded || hash !== '#job-alerts' || !heading.current) return;
    heading.current.scrollIntoView?.({ block: 'start' });
    heading.current.focus({ preventScroll: true });
  }, [loaded, hash]);
  return heading;
}

function JobAlertItem({ alert, onDelete }: { alert: JobAlert; onDelete: () => void }) {
  const client = useQueryClient();
  const userId = useCurrentUser()?._id;
  const label = jobAlertLabel(alert);
  const change = useMutation({
    mutationFn: (frequency: JobAlertFrequency) => updateJobAlert(alert._id, frequency),
    onSuccess: (saved) => {
      client.setQueryData<JobAlert[]>(jobAlertKeys.list(userId), (list) =>
        list?.map((a) => (a._id === saved._id ? saved : a)),
      );
      toast.success(JOB_ALERT_MESSAGES.updated, { toastId: 'job-alert-updated' });
    },
    onError: (err) =>
      toast.error(errorMessage(err, 'The job alert could not be changed. Please try again.')),
  });

  return (
    <li className="cand-alerts__item">
      <div className="cand-alerts__what">
        <span className="cand-alerts__label">{label}</span>
        <Link className="cand-alerts__see" to={jobAlertListPath(alert)}>
          See jobs<span className="rf-visually-hidden"> for {label}</span>
        </Link>
      </div>
      <div className="cand-alerts__actions">
        <SelectField
          label={`How often: ${label}`}
          hideLabel
          options={FREQUENCY_OPTIONS}
          value={change.isPending ? (change.variables ?? alert.frequency) : alert.frequency}
          disabled={change.isPending}
          onChange={(e) => change.mutate(e.target.value as JobAlertFrequency)}
          className="cand-alerts__often"
        />
        <button
          type="button"
          className="cand-alerts__delete"
          aria-label={`Delete job alert ${label}`}
          onClick={onDelete}
        >
          Delete
        </button>
      </div>
    </li>
  );
}

function DeleteAlertDialog({ alert, onClose }: { alert: JobAlert | null; onClose: () => void }) {
  const client = useQueryClient();
  const remove = useMutation({
    mutationFn: (id: string) => deleteJobAlert(id),
    onSuccess: async () => {
      toast.success(JOB_ALERT_MESSAGES.deleted, { toastId: 'job-alert-deleted' });
      await afterJobAlertChange(client);
      onClose();
    },
    onError: (err) =>
      toast.error(errorMessage(err, 'The job alert could not be deleted. Please try again.')),
  });
  return (
    <ConfirmDialog
      open={alert !== null}
      title="Delete this job alert?"
      message={alert ? `You will get no more e-mails for ${jobAlertLabel(alert)}.` : ''}
      confirmLabel="Delete"
      tone="danger"
      busy={remove.isPending}
      onConfirm={() => alert && remove.mutate(alert._id)}
      onCancel={onClose}
    />
  );
}

import { useId, useState, useSyncExternalStore } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router-dom';
import {
  afterJobAlertChange,
  alertHasCriteria,
  Button,
  createJobAlert,
  errorMessage,
  isCompanyAlert,
  JOB_ALERT_FREQUENCY_HINTS,
  JOB_ALERT_FREQUENCY_LABELS,
  JOB_ALERT_MESSAGES,
  JOB_ALERT_SAVE_FREQUENCIES,
  JOB_ALERTS_SETTINGS_PATH,
  JOB_FILTER_KEYS,
  jobAlertLabel,
  jobAlertQueries,
  Modal,
  paths,
  toast,
  useCurrentUser,
  type JobAlert,
  type JobAlertSaveFrequency,
  type JobFilters,
} from '@referio/shared';
import './SaveAlertButton.css';

export interface SaveAlertButtonProps {
  /** The list's search as typed and its filters (the URL's). */
  search: string;
  filters: JobFilters;
  /** The filtered company's name, when the list knows it. */
  companyName?: string | null;
  className?: string;
}

const noSubscription = () => () => undefined;
const onClient = () => true;
const onServer = () => false;

/** The search as the API keeps an alert's (trimmed, spaces collapsed, lower-case). */
const keptSearch = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase();

/** The user's alert for exactly these criteria, if they have one. */
function alertFor(alerts: JobAlert[] | undefined, search: string, filters: JobFilters) {
  return alerts?.find(
    (a) =>
      a.search === keptSearch(search) &&
      JOB_FILTER_KEYS.every((k) => (a.filters[k] ?? '') === (filters[k] ?? '')),
  );
}

/**
 * "Get alerts for this search" (or "Alert me about jobs at X" for a company's list) under a job list's
 * filters: a dialog asks how often (instant or daily) and saves the alert. With one already saved for
 * these criteria it says so and links to where alerts are managed; signed out, it leads to sign-in
 * and back. Nothing to alert on (no search, no filter): nothing shown.
 */
export function SaveAlertButton({ search, filters, companyName, className }: SaveAlertButtonProps) {
  const user = useCurrentUser();
  const here = useLocation();
  const wanted = alertHasCriteria({ search, filters });
  // Asked only where the control shows: a list without a search or a filter reads no alerts.
  const alerts = useQuery({
    ...jobAlertQueries.list(user?._id),
    enabled: Boolean(user?._id) && wanted,
  });
  const [open, setOpen] = useState(false);
  // Who is signed in is known in the browser only: a server-rendered list shows the control once React
  // owns the page (the first render matches the server's, which has none).
  const mounted = useSyncExternalStore(noSubscription, onClient, onServer);
  if (!mounted || !wanted) return null;

  const label = isCompanyAlert({ search, filters })
    ? `Alert me about jobs at ${companyName || 'this company'}`
    : 'Get alerts for this search';
  const existing = alertFor(alerts.data, search, filters);
  const classes = ['rf-alert-save', className].filter(Boolean).join(' ');

  if (!user) {
    return (
      <div className={classes}>
        <Link
          className="rf-alert-save__button rf-pill-button"
          to={paths.signIn(`${here.pathname}${here.search}`)}
        >
          <BellIcon />
          {label}
        </Link>
      </div>
    );
  }
  if (existing && existing.frequency !== 'paused') {
    return (
      <div className={classes}>
        <p className="rf-alert-save__on" role="status">
          <BellIcon />
          Alert on: {JOB_ALERT_FREQUENCY_LABELS[existing.frequency].toLowerCase()} e-mails.{' '}
          <Link to={JOB_ALERTS_SETTINGS_PATH}>Manage alerts</Link>
        </p>
      </div>
    );
  }
  return (
    <div className={classes}>
      <button
        type="button"
        className="rf-alert-save__button rf-pill-button"
        aria-haspopup="dialog"
        disabled={alerts.isPending}
        onClick={() => setOpen(true)}
      >
        <BellIcon />
        {label}
      </button>
      <SaveAlertDialog
        open={open}
        onClose={() => setOpen(false)}
        search={search}
        filters={filters}
        companyName={companyName ?? null}
      />
    </div>
  );
}

interface SaveAlertDialogProps {
  open: boolean;
  onClose: () => void;
  search: string;
  filters: JobFilters;
  companyName: string | null;
}

/** How often, then Save: the alert is saved and the dialog closes; a refusal says why and stays open. */
function SaveAlertDialog({ open, onClose, search, filters, companyName }: SaveAlertDialogProps) {
  const client = useQueryClient();
  const describedBy = useId();
  const [frequency, setFrequency] = useState<JobAlertSaveFrequency>('daily');
  const [busy, setBusy] = useState(false);

  const save = async () => {
    setBusy(true);
    try {
      await createJobAlert(search, filters, frequency);
      toast.success(JOB_ALERT_MESSAGES.saved, { toastId: 'job-alert-saved' });
      await afterJobAlertChange(client);
      onClose();
    } catch (err) {
      toast.error(errorMessage(err, 'The job alert could not be saved. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Get job alerts"
      size="sm"
      describedBy={describedBy}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button busy={busy} busyLabel="Saving…" onClick={() => void save()}>
            Save alert
          </Button>
        </>
      }
    >
      <p id={describedBy} className="rf-alert-save__what">
        New jobs for{' '}
        <strong>{jobAlertLabel({ search: keptSearch(search), filters, companyName })}</strong>,{' '}
        <span className="rf-alert-save__nowrap">by e-mail.</span>
      </p>
      <fieldset className="rf-alert-save__often">
        <legend>How often?</legend>
        {JOB_ALERT_SAVE_FREQUENCIES.map((f) => (
          <label key={f} className="rf-alert-save__option">
            <input
              type="radio"
              name="job-alert-frequency"
              value={f}
              checked={frequency === f}
              onChange={() => setFrequency(f)}
            />
            <span>
              <strong>{JOB_ALERT_FREQUENCY_LABELS[f]}</strong>
              <span className="rf-alert-save__hint">{JOB_ALERT_FREQUENCY_HINTS[f]}</span>
            </span>
          </label>
        ))}
      </fieldset>
    </Modal>
  );
}

function BellIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="rf-alert-save__icon">
      <path d="M12 3a6 6 0 0 0-6 6v3.6L4.3 15.4A1 1 0 0 0 5.2 17h13.6a1 1 0 0 0 .9-1.6L18 12.6V9a6 6 0 0 0-6-6zm-2 15a2 2 0 0 0 4 0" />
    </svg>
  );
}

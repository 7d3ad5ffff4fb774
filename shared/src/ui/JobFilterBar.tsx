import { useRef, useSyncExternalStore } from 'react';
import {
  JOB_FILTER_KEYS,
  JOB_FILTER_NAMES,
  JOB_FILTER_OPTIONS,
  jobFilterValueLabel,
  type JobFilterKey,
  type JobFilters,
} from '../contract/filters';
import { cx } from './cx';
import { SelectField } from './TextField';

export interface JobFilterBarProps {
  filters: JobFilters;
  /** One filter set (a value) or removed (undefined). */
  onChange: (key: JobFilterKey, value: string | undefined) => void;
  onClearAll: () => void;
  /** The filtered company's name, when the list knows it (the chip shows it). */
  companyName?: string | null;
  className?: string;
}

const noSubscription = () => () => undefined;
const isClient = () => true;
const isServer = () => false;

/** The four filters a select offers; the company comes from a company tile and shows as a chip only. */
const SELECTS = ['jobType', 'location', 'industry', 'experience'] as const;

/**
 * The job lists' filters (company list, Explore, Give Referral): a select per filter, and every filter
 * that is set as a removable chip, with "Clear all". Removing a chip moves the focus to its select (or
 * the first one), so keyboard users stay in the filters.
 */
export function JobFilterBar({
  filters,
  onChange,
  onClearAll,
  companyName,
  className,
}: JobFilterBarProps) {
  const selects = useRef<Partial<Record<JobFilterKey, HTMLSelectElement | null>>>({});
  // A page the server rendered shows the selects before React owns them; a choice made then would be
  // undone when React takes over (it sets each select to its value), so they wait, disabled, until then.
  const interactive = useSyncExternalStore(noSubscription, isClient, isServer);
  const active = JOB_FILTER_KEYS.filter((k) => filters[k]);
  const focusAfterRemoving = (key: JobFilterKey) =>
    (selects.current[key] ?? selects.current.jobType)?.focus();

  return (
    <div className={cx('rf-filters', className)}>
      <div className="rf-filters__selects" role="group" aria-label="Filter jobs">
        {SELECTS.map((key) => (
          <SelectField
            key={key}
            ref={(el) => {
              selects.current[key] = el;
            }}
            label={JOB_FILTER_NAMES[key]}
            placeholder="Any"
            options={JOB_FILTER_OPTIONS[key]}
            value={filters[key] ?? ''}
            disabled={!interactive}
            onChange={(e) => onChange(key, e.target.value || undefined)}
            className="rf-filters__select"
          />
        ))}
      </div>
      {active.length > 0 && (
        <div className="rf-filters__chips">
          <ul className="rf-filters__chip-list" aria-label="Active filters">
            {active.map((key) => {
              const text = `${JOB_FILTER_NAMES[key]}: ${jobFilterValueLabel(key, filters[key]!, companyName)}`;
              return (
                <li key={key} className="rf-chip">
                  <span>{text}</span>
                  <button
                    type="button"
                    className="rf-chip__remove"
                    aria-label={`Remove filter ${text}`}
                    onClick={() => {
                      onChange(key, undefined);
                      focusAfterRemoving(key);
                    }}
                  >
                    <span aria-hidden="true">×</span>
                  </button>
                </li>
              );
            })}
          </ul>
          <button
            type="button"
            className="rf-filters__clear"
            onClick={() => {
              onClearAll();
              selects.current.jobType?.focus();
            }}
          >
            Clear all
          </button>
        </div>
      )}
    </div>
  );
}

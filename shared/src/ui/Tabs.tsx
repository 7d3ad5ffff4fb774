import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { cx } from './cx';

export interface TabItem<K extends string = string> {
  key: K;
  label: ReactNode;
  /** Shown as a badge after the label, e.g. the number of requests. */
  count?: number;
  disabled?: boolean;
}

export interface TabsProps<K extends string = string> {
  tabs: readonly TabItem<K>[];
  value: K;
  onChange: (key: K) => void;
  /** Names the tab list for screen readers. */
  label: string;
  /** The selected tab's panel. */
  children?: ReactNode;
  className?: string;
}

/**
 * Tabs with automatic activation: Left/Right (and Home/End) move to and select a tab,
 * only the selected tab is in the Tab order.
 */
export function Tabs<K extends string = string>({
  tabs,
  value,
  onChange,
  label,
  children,
  className,
}: TabsProps<K>) {
  const base = useId();
  const refs = useRef(new Map<K, HTMLButtonElement>());
  const enabled = tabs.filter((t) => !t.disabled);
  const tabId = (k: K) => `${base}-tab-${k}`;
  const panelId = `${base}-panel`;

  const move = (e: KeyboardEvent<HTMLButtonElement>, key: K) => {
    const i = enabled.findIndex((t) => t.key === key);
    let next: TabItem<K> | undefined;
    if (e.key === 'ArrowRight') next = enabled[(i + 1) % enabled.length];
    else if (e.key === 'ArrowLeft') next = enabled[(i - 1 + enabled.length) % enabled.length];
    else if (e.key === 'Home') next = enabled[0];
    else if (e.key === 'End') next = enabled[enabled.length - 1];
    if (!next) return;
    e.preventDefault();
    refs.current.get(next.key)?.focus();
    if (next.key !== value) onChange(next.key);
  };

  return (
    <div className={cx('rf-tabs', className)}>
      <div role="tablist" aria-label={label} className="rf-tabs__list">
        {tabs.map((t) => {
          const selected = t.key === value;
          return (
            <button
              key={t.key}
              ref={(el) => {
                if (el) refs.current.set(t.key, el);
                else refs.current.delete(t.key);
              }}
              type="button"
              role="tab"
              id={tabId(t.key)}
              aria-selected={selected}
              aria-controls={panelId}
              tabIndex={selected ? 0 : -1}
              disabled={t.disabled}
              className={cx('rf-tabs__tab', selected && 'rf-tabs__tab--selected')}
              onClick={() => onChange(t.key)}
              onKeyDown={(e) => move(e, t.key)}
            >
              <span>{t.label}</span>
              {t.count !== undefined && <span className="rf-tabs__count">{t.count}</span>}
            </button>
          );
        })}
      </div>
      <div
        role="tabpanel"
        id={panelId}
        aria-labelledby={tabId(value)}
        tabIndex={0}
        className="rf-tabs__panel"
      >
        {children}
      </div>
    </div>
  );
}

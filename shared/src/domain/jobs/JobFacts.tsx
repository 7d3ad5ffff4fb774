import type { ReactNode } from 'react';
import { cx } from '@referio/shared';
import '../cards.css';

export interface JobFact {
  label: string;
  value: ReactNode;
}

export interface JobFactsProps {
  facts: readonly JobFact[];
  /** 'grid': label above value, in columns (details); 'rows': label beside value, one per line (cards). */
  layout?: 'grid' | 'rows';
  className?: string;
}

/** A job's facts as a description list: 'Location', 'Job type', 'Salary', … each with its value. */
export function JobFacts({ facts, layout = 'grid', className }: JobFactsProps) {
  return (
    <dl className={cx('rf-facts', layout === 'rows' && 'rf-facts--rows', className)}>
      {facts.map((fact) => (
        <div key={fact.label}>
          <dt>{fact.label}</dt>
          <dd>{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}

import type { ReactNode } from 'react';
import { BrandLink } from './BrandLink';
import './PolicyPage.css';

export interface PolicyPageProps {
  title: string;
  children: ReactNode;
}

/** A static policy page: shown without the site header, so it carries its own way home. */
export function PolicyPage({ title, children }: PolicyPageProps) {
  return (
    <div className="rf-policy">
      <BrandLink />
      <article aria-labelledby="rf-policy-title">
        <h1 id="rf-policy-title">{title}</h1>
        {children}
      </article>
    </div>
  );
}

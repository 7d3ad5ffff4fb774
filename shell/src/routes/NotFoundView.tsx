import type { ReactNode } from 'react';
import './NotFound.css';

/** A 404's body: the code, 'Page not found', why (`text`), and the ways on (`children`, links). */
export function NotFoundView({
  titleId,
  text,
  children,
}: {
  titleId: string;
  text: string;
  children: ReactNode;
}) {
  return (
    <section className="not-found" aria-labelledby={titleId}>
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1 id={titleId} className="not-found__title">
        Page not found
      </h1>
      <p className="not-found__text">{text}</p>
      <div className="not-found__actions">{children}</div>
    </section>
  );
}

// A page whose screen belongs to a later issue: its proper heading and one honest line, nothing more.
export interface PageInProgressProps {
  title: string;
}

export function PageInProgress({ title }: PageInProgressProps) {
  return (
    <section className="rf-page-in-progress" aria-labelledby="rf-page-in-progress-title">
      <h1 id="rf-page-in-progress-title">{title}</h1>
      <p>This area is being built.</p>
    </section>
  );
}

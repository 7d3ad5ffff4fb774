// Layer 3 of 3: one boundary around every remote page. A dead remote (or a page that throws) shows a
// clear message with a Retry button here, while the header, footer and other routes keep working.
import { Component, Fragment, type ErrorInfo, type ReactNode } from 'react';
import { Button } from '@referio/shared';
import './RemoteErrorBoundary.css';

export const REMOTE_FAILURE_MESSAGE = 'This part of Referio could not be loaded.';

interface Props {
  /** Names the page in the console when it fails, e.g. `mfe_public/Landing`. */
  name: string;
  /** Renders the page; `attempt` is unique to this boundary's current try (see RemotePage). */
  children: (attempt: number) => ReactNode;
}

interface State {
  error: unknown;
  attempt: number;
}

/** Unique across all boundaries and retries, so no two tries of a page ever share a failed load. */
let lastAttempt = 0;
const nextAttempt = () => ++lastAttempt;

export class RemoteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, attempt: nextAttempt() };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error('Unknown error') };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(`[referio] ${this.props.name} failed:`, error, info.componentStack);
  }

  /** A new attempt remounts the children, so a fresh load of the page module starts. */
  retry = (): void => {
    this.setState({ error: null, attempt: nextAttempt() });
  };

  override render(): ReactNode {
    if (this.state.error) return <RemoteFailure onRetry={this.retry} />;
    return <Fragment key={this.state.attempt}>{this.props.children(this.state.attempt)}</Fragment>;
  }
}

export function RemoteFailure({ onRetry }: { onRetry: () => void }) {
  return (
    <section className="remote-failure" role="alert" aria-live="assertive">
      <div className="remote-failure__icon" aria-hidden="true">
        <svg
          viewBox="0 0 24 24"
          width="28"
          height="28"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M12 9v4m0 4h.01M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z" />
        </svg>
      </div>
      <h2 className="remote-failure__title">{REMOTE_FAILURE_MESSAGE}</h2>
      <p className="remote-failure__text">
        Check your connection and try again. The rest of the site keeps working in the meantime.
      </p>
      <Button onClick={onRetry}>Retry</Button>
    </section>
  );
}

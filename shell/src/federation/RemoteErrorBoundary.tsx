// Layer 3 of 3: one boundary around every remote page. A dead remote (or a page that throws) shows a
// clear message with a Retry button here, while the header, footer and other routes keep working. A release the
// federation runtime refused (it needs a shared version this tab does not have: remotes.ts) says so, why, and
// what to do: reload (a retry in this tab is refused again), or clear a release chosen for this browser.
import { Component, Fragment, type ErrorInfo, type ReactNode } from 'react';
import { Button } from '@referio/shared';
import { isSharedVersionRefusal } from './remotes';
import './RemoteErrorBoundary.css';

export const REMOTE_FAILURE_MESSAGE = 'This part of Referio could not be loaded.';
export const REMOTE_FAILURE_TEXT =
  'Check your connection and try again. The rest of the site keeps working in the meantime.';
/** The override page, where a release chosen for this browser is cleared (shell/server/src/remotes). */
export const RELEASE_OVERRIDE_PATH = '/release-override';

/** What the runtime's refusal says: which package, what the tab has, what the release needs. */
export interface Refusal {
  pkg: string;
  has: string;
  needs: string;
}

/**
 * The package and versions of a refusal ("Version 2.0.0 from shell of shared singleton module @referio/shared does
 * not satisfy the requirement of mfe_public which needs ^3.0.0)"), or null when the message does not say them.
 */
export function refusalOf(error: unknown): Refusal | null {
  if (!isSharedVersionRefusal(error)) return null;
  const m =
    /Version (\S+) from \S+ of shared singleton module (\S+) does not satisfy the requirement of \S+ which needs ([^\s)]+)/.exec(
      (error as Error).message,
    );
  return m ? { has: m[1]!, pkg: m[2]!, needs: m[3]! } : { pkg: '', has: '', needs: '' };
}

/** Why a refused release could not run here, in a sentence. */
export function refusalReason({ pkg, has, needs }: Refusal): string {
  return pkg
    ? `This version of the page was refused: it needs ${pkg} ${needs}, and this tab has ${has}.`
    : 'This version of the page was refused: it needs a shared library this tab does not have.';
}

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
    const { error } = this.state;
    if (!error) {
      return (
        <Fragment key={this.state.attempt}>{this.props.children(this.state.attempt)}</Fragment>
      );
    }
    const refusal = refusalOf(error);
    return refusal ? <RefusedRelease refusal={refusal} /> : <RemoteFailure onRetry={this.retry} />;
  }
}

function FailureCard({ text, children }: { text: ReactNode; children: ReactNode }) {
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
      <p className="remote-failure__text">{text}</p>
      {children}
    </section>
  );
}

export function RemoteFailure({ onRetry }: { onRetry: () => void }) {
  return (
    <FailureCard text={REMOTE_FAILURE_TEXT}>
      <Button onClick={onRetry}>Retry</Button>
    </FailureCard>
  );
}

/** A release refused in this tab: why, and what to do (a retry would be refused again). */
export function RefusedRelease({ refusal }: { refusal: Refusal }) {
  return (
    <FailureCard
      text={
        <>
          {refusalReason(refusal)} Reload the page to get versions that work together. If you chose
          a release for this browser, clear it on the{' '}
          <a href={RELEASE_OVERRIDE_PATH}>release override page</a>.
        </>
      }
    >
      <Button onClick={() => window.location.reload()}>Reload page</Button>
    </FailureCard>
  );
}

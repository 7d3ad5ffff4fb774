import { useState } from 'react';
import { Button } from '@referio/shared';
import { nameOf, useSuspension, type Person } from '../hooks/useSuspension';
import { SuspendDialog } from './SuspendDialog';

export interface SuspendControlProps {
  person: Person;
  suspended: boolean;
  /** The reason the dialog starts with. */
  defaultReason?: string;
  /** Runs after a suspension (a report's queue closes the report). */
  afterSuspend?: () => Promise<unknown>;
}

/** "Suspend {name}…" (asks for a reason and confirmation), or "Unsuspend {name}" once suspended. */
export function SuspendControl({
  person,
  suspended,
  defaultReason,
  afterSuspend,
}: SuspendControlProps) {
  const { suspend, unsuspend } = useSuspension();
  const [asking, setAsking] = useState(false);
  const name = nameOf(person);
  if (suspended) {
    return (
      <Button size="sm" onClick={() => void unsuspend(person)}>
        Unsuspend {name}
      </Button>
    );
  }
  return (
    <>
      <Button size="sm" variant="danger" aria-haspopup="dialog" onClick={() => setAsking(true)}>
        Suspend {name}…
      </Button>
      {asking && (
        <SuspendDialog
          person={person}
          defaultReason={defaultReason}
          onSuspend={(reason) => suspend(person, reason, afterSuspend)}
          onClose={() => setAsking(false)}
        />
      )}
    </>
  );
}

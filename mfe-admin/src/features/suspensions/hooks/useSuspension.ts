import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  afterOperatorAction,
  errorMessage,
  suspendUser,
  toast,
  unsuspendUser,
} from '@referio/shared';
import { ACTION_FAILED, useOperatorAction } from '../../../hooks/useOperatorAction';

/** Someone an operator can suspend. */
export interface Person {
  _id: string;
  fullName: string;
  email: string;
}

export const nameOf = (p: Person) => p.fullName.trim() || p.email;

export interface Suspension {
  /**
   * Suspends `person` for `reason` (then runs `then`, e.g. closing the report): null when done, else the
   * server's refusal for the dialog to show.
   */
  suspend(person: Person, reason: string, then?: () => Promise<unknown>): Promise<string | null>;
  /** Undoes a suspension (the audit log records it). */
  unsuspend(person: Person): Promise<boolean>;
}

/** Suspend and unsuspend, each followed by a fresh console. */
export function useSuspension(): Suspension {
  const client = useQueryClient();
  const run = useOperatorAction();
  const suspend = useCallback<Suspension['suspend']>(
    async (person, reason, then) => {
      try {
        await suspendUser(person._id, { reason });
        await then?.();
        toast.success(`${nameOf(person)} is suspended.`);
        return null;
      } catch (e) {
        return errorMessage(e, ACTION_FAILED);
      } finally {
        await afterOperatorAction(client);
      }
    },
    [client],
  );
  const unsuspend = useCallback<Suspension['unsuspend']>(
    (person) => run(() => unsuspendUser(person._id), `${nameOf(person)} is no longer suspended.`),
    [run],
  );
  return { suspend, unsuspend };
}

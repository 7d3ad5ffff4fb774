// A suspended account as the browser was told about it: the operator's reason and since when, from a
// refused sign-in (the 403's `suspension`) or the live stream's `ended` event. Kept in local storage, so
// every tab (and a reload) shows the suspended page with the reason; a later sign-in forgets it.
import { create } from 'zustand';
import type { Suspension } from '../contract/common';

export const SUSPENSION_STORAGE_KEY = 'suspension';
/** When a tab was last told (this browser's clock, ms): a tab still loading then counts it as told. */
const TOLD_AT_STORAGE_KEY = 'suspensionToldAt';

function storage(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null;
  }
}

const isSuspension = (v: unknown): v is Suspension =>
  !!v &&
  typeof v === 'object' &&
  typeof (v as Suspension).suspendedAt === 'string' &&
  ((v as Suspension).reason === null || typeof (v as Suspension).reason === 'string');

function readSuspension(): Suspension | null {
  const raw = storage()?.getItem(SUSPENSION_STORAGE_KEY);
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return isSuspension(value) ? value : null;
  } catch {
    return null;
  }
}

function writeSuspension(value: Suspension | null): void {
  try {
    if (value) {
      storage()?.setItem(TOLD_AT_STORAGE_KEY, String(Date.now()));
      storage()?.setItem(SUSPENSION_STORAGE_KEY, JSON.stringify(value));
    } else {
      storage()?.removeItem(TOLD_AT_STORAGE_KEY);
      storage()?.removeItem(SUSPENSION_STORAGE_KEY);
    }
  } catch {
    // storage disabled: this tab still knows
  }
}

export interface SuspensionState {
  suspension: Suspension | null;
  /** How many times this tab was told of a suspension (here or in another tab) since it opened. */
  told: number;
}

/**
 * Whether another tab was told of the suspension after this page began to load: this tab was open
 * then (its scripts still loading), so it is told too. One known from before is not news.
 */
function toldSinceThisPageOpened(): boolean {
  const at = Number(storage()?.getItem(TOLD_AT_STORAGE_KEY) ?? '');
  return at > 0 && typeof performance !== 'undefined' && at >= performance.timeOrigin;
}

export const useSuspensionStore = create<SuspensionState>(() => {
  const suspension = readSuspension();
  return { suspension, told: suspension && toldSinceThisPageOpened() ? 1 : 0 };
});

/** The account was suspended: remember why (the shell then shows the suspended page). */
export function noteSuspension(suspension: Suspension): void {
  writeSuspension(suspension);
  useSuspensionStore.setState((s) => ({ suspension, told: s.told + 1 }));
}

/** Forget a suspension (a sign-in succeeded: the account is not suspended any more). */
export function forgetSuspension(): void {
  if (!useSuspensionStore.getState().suspension && !readSuspension()) return;
  writeSuspension(null);
  useSuspensionStore.setState({ suspension: null });
}

/** The suspension this browser was told about, or null. */
export const useSuspension = (): Suspension | null => useSuspensionStore((s) => s.suspension);

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.storageArea !== window.localStorage) return;
    if (e.key === null || e.key === SUSPENSION_STORAGE_KEY) {
      const suspension = readSuspension();
      useSuspensionStore.setState((s) => ({ suspension, told: s.told + (suspension ? 1 : 0) }));
    }
  });
}

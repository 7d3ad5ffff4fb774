// What a tab knows of a suspension when it starts: one told while it was loading (in another tab) is news,
// one from before it opened is not (docs/trust-and-safety.md).
import type * as SuspensionModule from '../suspension';
import type { SuspensionState } from '../suspension';

const suspension = { reason: 'Asked candidates for money', suspendedAt: '2026-01-02T03:04:05Z' };

/** The suspension store as a tab starting now builds it from local storage. */
function storeAtStart(): SuspensionState {
  let state: SuspensionState | undefined;
  jest.isolateModules(() => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a fresh module: a tab's start
    const m = require('../suspension') as typeof SuspensionModule;
    state = m.useSuspensionStore.getState();
  });
  return state!;
}

afterEach(() => window.localStorage.clear());

describe('a suspension at a tab’s start', () => {
  it('is news when another tab was told after this one began to load', () => {
    window.localStorage.setItem('suspensionToldAt', String(Date.now()));
    window.localStorage.setItem('suspension', JSON.stringify(suspension));
    expect(storeAtStart()).toEqual({ suspension, told: 1 });
  });

  it('is known but not news when it was told before this tab opened', () => {
    window.localStorage.setItem('suspensionToldAt', String(performance.timeOrigin - 60_000));
    window.localStorage.setItem('suspension', JSON.stringify(suspension));
    expect(storeAtStart()).toEqual({ suspension, told: 0 });
  });

  it('is nothing when none is stored', () => {
    window.localStorage.setItem('suspensionToldAt', String(Date.now()));
    expect(storeAtStart()).toEqual({ suspension: null, told: 0 });
  });

  it('is forgotten with the time it was told', () => {
    jest.isolateModules(() => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- a fresh module: a tab's start
      const m = require('../suspension') as typeof SuspensionModule;
      m.noteSuspension(suspension);
      expect(window.localStorage.getItem('suspensionToldAt')).not.toBeNull();
      m.forgetSuspension();
    });
    expect(window.localStorage.getItem('suspension')).toBeNull();
    expect(window.localStorage.getItem('suspensionToldAt')).toBeNull();
  });
});

// The quarantine of server renders (quarantine.ts), on a fake clock: when a page of a release is set aside, who
// still waits for a render, the probe after the period, and that another version or page is not affected.
import {
  QUARANTINE_FAILURES,
  QUARANTINE_PERIOD_MS,
  QUARANTINE_WINDOW_MS,
  RenderQuarantine,
  type QuarantineEvent,
  type RenderKey,
} from './quarantine';

const BROKEN: RenderKey = {
  remote: 'mfe_public',
  version: '0.2.0+bbbbbbbbbb',
  moduleUrl: 'http://localhost:3001/0.2.0+bbbbbbbbbb/server/render.js',
  page: './Landing',
};
const GOOD: RenderKey = {
  ...BROKEN,
  version: '0.1.0+aaaaaaaaaa',
  moduleUrl: 'http://localhost:3001/0.1.0+aaaaaaaaaa/server/render.js',
};
const BUDGET = 'the render took longer than 4000 ms';

function setup() {
  let clock = 1_000_000;
  const events: QuarantineEvent[] = [];
  const q = new RenderQuarantine({ now: () => clock, report: (e) => events.push(e) });
  const fail = (key = BROKEN) => {
    const admission = q.admit(key);
    if (!admission) throw new Error('no render was let through');
    admission.failed(BUDGET);
  };
  return { q, events, fail, advance: (ms: number) => (clock += ms), now: () => clock };
}

it(`quarantines a page of a release after ${QUARANTINE_FAILURES} failures; then no visit waits for a render`, () => {
  const { q, events, fail, now } = setup();
  for (let i = 0; i < QUARANTINE_FAILURES; i++) fail();
  expect(q.isQuarantined(BROKEN)).toBe(true);
  for (let i = 0; i < 20; i++) expect(q.admit(BROKEN)).toBeNull();
  expect(events).toEqual([
    {
      kind: 'quarantined',
      remote: 'mfe_public',
      version: BROKEN.version,
      page: './Landing',
      at: now(),
      reason: BUDGET,
      failures: QUARANTINE_FAILURES,
      probeAt: now() + QUARANTINE_PERIOD_MS,
    },
  ]);
});

it('once a page has failed, one render of it runs at a time: visits meanwhile render in the browser at once', () => {
  const { q, fail } = setup();
  fail();
  const trying = q.admit(BROKEN);
  expect(trying).not.toBeNull();
  expect(q.admit(BROKEN)).toBeNull();
  expect(q.admit(BROKEN)).toBeNull();
  trying!.failed(BUDGET);
  // Two of three so far: the next visit is the one render allowed.
  expect(q.admit(BROKEN)).not.toBeNull();
  expect(q.admit(BROKEN)).toBeNull();
});

it('a visitor who waited for a failed render gets the client render at once; others may still be the one render', () => {
  const { q } = setup();
  q.admit(BROKEN, 'ada')!.failed(BUDGET);
  expect(q.admit(BROKEN, 'ada')).toBeNull();
  const bob = q.admit(BROKEN, 'bob');
  expect(bob).not.toBeNull();
  bob!.failed(BUDGET);
  expect(q.admit(BROKEN, 'bob')).toBeNull();
  expect(q.admit(BROKEN, 'ada')).toBeNull();
  // Another page of the release, or a new version: they are not made to wait for nothing.
  expect(q.admit(GOOD, 'ada')).not.toBeNull();
  // Once the page renders again, everyone gets it rendered.
  q.admit(BROKEN, 'cy')!.succeeded();
  expect(q.admit(BROKEN, 'ada')).not.toBeNull();
});

it('a success forgets the failures: a page that fails now and then is not quarantined', () => {
  const { q, events, fail } = setup();
  for (let round = 0; round < 5; round++) {
    for (let i = 0; i < QUARANTINE_FAILURES - 1; i++) fail();
    q.admit(BROKEN)!.succeeded();
  }
  expect(q.isQuarantined(BROKEN)).toBe(false);
  // Healthy again: renders run side by side.
  expect(q.admit(BROKEN)).not.toBeNull();
  expect(q.admit(BROKEN)).not.toBeNull();
  expect(events).toEqual([]);
});

it('failures older than the window do not count', () => {
  const { q, fail, advance } = setup();
  for (let i = 0; i < QUARANTINE_FAILURES - 1; i++) fail();
  advance(QUARANTINE_WINDOW_MS + 1);
  fail();
  expect(q.isQuarantined(BROKEN)).toBe(false);
});

it('another version of the remote (a new deploy, a rollback) and another page of the release still render', () => {
  const { q, fail } = setup();
  for (let i = 0; i < QUARANTINE_FAILURES; i++) fail();
  expect(q.admit(GOOD)).not.toBeNull();
  expect(q.admit(GOOD)).not.toBeNull();
  expect(q.admit({ ...BROKEN, page: './CompanyList' })).not.toBeNull();
  expect(q.admit(BROKEN)).toBeNull();
});

it('after the period one visit is a probe: its success lifts the quarantine', () => {
  const { q, events, fail, advance, now } = setup();
  for (let i = 0; i < QUARANTINE_FAILURES; i++) fail();
  advance(QUARANTINE_PERIOD_MS - 1);
  expect(q.admit(BROKEN)).toBeNull();
  advance(1);
  const probe = q.admit(BROKEN);
  expect(probe).not.toBeNull();
  expect(q.admit(BROKEN)).toBeNull(); // one probe at a time
  probe!.succeeded();
  expect(q.isQuarantined(BROKEN)).toBe(false);
  expect(q.admit(BROKEN)).not.toBeNull();
  expect(events.map((e) => e.kind)).toEqual(['quarantined', 'lifted']);
  expect(events[1]).toEqual({
    kind: 'lifted',
    remote: 'mfe_public',
    version: BROKEN.version,
    page: './Landing',
    at: now(),
  });
});

it('a failed probe starts another period (logged as such, not as a new quarantine)', () => {
  const { q, events, fail, advance } = setup();
  for (let i = 0; i < QUARANTINE_FAILURES; i++) fail();
  advance(QUARANTINE_PERIOD_MS);
  fail();
  expect(q.isQuarantined(BROKEN)).toBe(true);
  expect(q.admit(BROKEN)).toBeNull();
  advance(QUARANTINE_PERIOD_MS - 1);
  expect(q.admit(BROKEN)).toBeNull();
  advance(1);
  expect(q.admit(BROKEN)).not.toBeNull();
  expect(events.map((e) => e.kind)).toEqual(['quarantined', 'probe-failed']);
});

it('an answer given twice counts once', () => {
  const { q, events } = setup();
  for (let i = 0; i < QUARANTINE_FAILURES - 1; i++) {
    const a = q.admit(BROKEN)!;
    a.failed(BUDGET);
    a.failed(BUDGET);
  }
  expect(q.isQuarantined(BROKEN)).toBe(false);
  expect(events).toEqual([]);
});

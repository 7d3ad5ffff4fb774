// A page's lists follow other people's changes: a `changed` event naming one of its topics (or a reconnect
// or resync, when such events may have been missed) fetches its queries again; other topics do not.
import { act, screen } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { FakeEventSource, makeSession, renderPage } from '@referio/shared/test-utils';
import { useLiveInvalidation } from '..';

let reads = { referrals: 0, savedJobs: 0 };

/** Two lists; only the referrals are kept live. */
function Page() {
  const referrals = useQuery({
    queryKey: ['referrals', 'list'],
    queryFn: () => ++reads.referrals,
  });
  const saved = useQuery({ queryKey: ['savedJobs', 'page'], queryFn: () => ++reads.savedJobs });
  useLiveInvalidation(['referrals'], [['referrals']]);
  return (
    <p>
      Referrals read {referrals.data ?? 0}, saved jobs read {saved.data ?? 0}
    </p>
  );
}

const stream = () => FakeEventSource.latest();
const emit = (type: string, data: unknown = {}) => act(() => stream().emit(type, data));
/** Lets fetches already started finish (the query functions answer at once). */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

beforeEach(() => {
  reads = { referrals: 0, savedJobs: 0 };
  FakeEventSource.instances = [];
});

describe('useLiveInvalidation', () => {
  it('fetches the named queries again when a change names one of its topics, and only then', async () => {
    renderPage(<Page />, { session: makeSession() });
    expect(await screen.findByText('Referrals read 1, saved jobs read 1')).toBeInTheDocument();
    emit('hello', { latestId: 0, presence: null });
    emit('changed', { topics: ['savedJobs', 'chats'] });
    emit('notification');
    emit('changed', { topics: ['referrals'] });
    expect(await screen.findByText('Referrals read 2, saved jobs read 1')).toBeInTheDocument();
    await settle();
    // Once: the other topics and the notification fetched nothing.
    expect(screen.getByText('Referrals read 2, saved jobs read 1')).toBeInTheDocument();
    emit('changed', { topics: ['chats', 'referrals'] });
    expect(await screen.findByText('Referrals read 3, saved jobs read 1')).toBeInTheDocument();
  });

  it('fetches them again after a resync or a reconnect (events may have been missed)', async () => {
    renderPage(<Page />, { session: makeSession() });
    emit('hello', { latestId: 0, presence: null });
    expect(await screen.findByText('Referrals read 1, saved jobs read 1')).toBeInTheDocument();
    emit('resync');
    expect(await screen.findByText('Referrals read 2, saved jobs read 1')).toBeInTheDocument();
    emit('hello', { latestId: 0, presence: null });
    expect(await screen.findByText('Referrals read 3, saved jobs read 1')).toBeInTheDocument();
  });

  it('shares the tab’s one stream, closed when the page goes', () => {
    const { unmount } = renderPage(
      <>
        <Page />
        <Page />
      </>,
      { session: makeSession() },
    );
    expect(FakeEventSource.open()).toHaveLength(1);
    unmount();
    expect(FakeEventSource.open()).toHaveLength(0);
  });

  it('opens no stream signed out', async () => {
    renderPage(<Page />, { session: null });
    expect(await screen.findByText('Referrals read 1, saved jobs read 1')).toBeInTheDocument();
    expect(FakeEventSource.instances).toHaveLength(0);
  });
});

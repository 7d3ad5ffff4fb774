// The operator console's keys: an operator's action makes every section stale, but not the operator check
// or anything outside the console.
import { QueryClient } from '@tanstack/react-query';
import { adminKeys, afterOperatorAction, jobKeys } from '@referio/shared';

it('an operator action makes every console section stale, not the operator check nor other data', async () => {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  const keys = [
    adminKeys.me(),
    adminKeys.reports('open'),
    adminKeys.domains('unconfirmed'),
    adminKeys.users(''),
    adminKeys.audit(),
    jobKeys.detail('j1', 'u1'),
  ];
  for (const key of keys) client.setQueryData(key, { any: 'data' });
  await afterOperatorAction(client);
  const stale = client
    .getQueryCache()
    .getAll()
    .filter((q) => q.isStale())
    .map((q) => q.queryKey);
  expect(stale).toEqual([
    adminKeys.reports('open'),
    adminKeys.domains('unconfirmed'),
    adminKeys.users(''),
    adminKeys.audit(),
  ]);
});

import path from 'node:path';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describeExposedPages } from '@referio/shared/test-utils';

jest.mock('../../lib/adminApi', () => ({
  adminApi: {
    reports: jest.fn(() => Promise.resolve([])),
    domains: jest.fn(() => Promise.resolve([])),
    users: jest.fn(() => Promise.resolve([])),
    audit: jest.fn(() => Promise.resolve([])),
  },
}));

// The module the shell loads from this remote and the heading it shows.
const exposed: [module: string, heading: string][] = [['AdminConsole', 'Operator console']];

describeExposedPages({
  remoteDir: path.join(__dirname, '..', '..', '..'),
  exposed,
  load: (name) => import(`../${name}/index.tsx`),
  render: (Page) =>
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Page />
      </QueryClientProvider>,
    ),
});

import path from 'node:path';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describeExposedPages } from '@referio/shared/test-utils';
import type * as TestUtils from '@referio/shared/test-utils';
import { getAdminReports } from '@referio/shared';

jest.mock('@referio/shared', () =>
  jest
    .requireActual<typeof TestUtils>('@referio/shared/test-utils')
    .mockSharedApi(['getAdminReports']),
);
beforeEach(() => jest.mocked(getAdminReports).mockResolvedValue([]));

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

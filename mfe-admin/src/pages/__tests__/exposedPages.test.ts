import path from 'node:path';
import { api, describeExposedPages } from '@referio/shared/test-utils';

beforeEach(() => api.getAdminReports.mockResolvedValue([]));

// The module the shell loads from this remote and the heading it shows.
const exposed: [module: string, heading: string][] = [['AdminConsole', 'Operator console']];

describeExposedPages({
  remoteDir: path.join(__dirname, '..', '..', '..'),
  exposed,
  load: (name) => import(`../${name}/index.tsx`),
});

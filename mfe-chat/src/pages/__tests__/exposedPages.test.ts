import path from 'node:path';
import { describeExposedPages } from '@referio/shared/test-utils';

// The modules the shell loads from this remote (docs/foundation-interfaces.md) and the heading each shows.
const exposed: [module: string, heading: string][] = [['Chat', 'Chat']];

describeExposedPages({
  remoteDir: path.join(__dirname, '..', '..', '..'),
  exposed,
  load: (name) => import(`../${name}/index.tsx`),
});

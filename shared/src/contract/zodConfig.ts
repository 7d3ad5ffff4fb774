// Imported first by every contract file that builds schemas. In a browser zod runs "jitless": otherwise it
// probes `new Function` when it builds the first object schema, and under the site's Content-Security-Policy
// (no 'unsafe-eval') the browser reports that probe as a violation even though zod catches it.
// The API (Node) keeps zod's compiled fast path. (A side-effect module, so `z` stays tree-shakable.)
import { config } from 'zod';

if ('document' in globalThis) config({ jitless: true });

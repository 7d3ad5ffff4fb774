// The API's garbage collector: V8's allocation-site pretenuring off, before anything else is loaded.
//
// After a burst of requests (each one's objects living past a scavenge), V8 marks the allocation sites whose
// objects survived and from then on allocates there straight in the old generation: a search's rows and answer,
// which die milliseconds later. The old generation then fills within seconds, and each mark-compact holds every
// request in flight. This process's objects are request-scoped; the few long-lived ones get to the old generation
// by surviving. Measured: docs/search.md, "The tail".
import { setFlagsFromString } from 'node:v8';

setFlagsFromString('--no-allocation-site-pretenuring');

// The API's garbage collector: V8's allocation-site pretenuring off, before anything else is loaded.
//
// Under a burst (requests queued, each one's objects living longer than a scavenge), V8 sees most objects of
// some allocation sites survive and from then on allocates them straight in the old generation: a search's
// page, its rows and its answer, which die a few milliseconds later. The old generation then grew by about
// 10 KB a search (9 MB/s at 886 searches/s), so a mark-compact came every few seconds, and each held the
// requests in flight for 40-80 ms: the search's p99 at half load was 14-28 ms, and 5-13 ms without it
// (docs/search.md, "The tail"; bench/results/history/2026-11-28-search-tail-pretenuring.md). Request-scoped
// objects are what this process allocates; the few long-lived ones reach the old generation by surviving.
import { setFlagsFromString } from 'node:v8';

setFlagsFromString('--no-allocation-site-pretenuring');

// A PDF's text, read by PDF.js (through unpdf, which bundles a build of it made for servers) in a worker
// thread with a memory limit and a time limit: a huge, broken, hostile or password-protected file ends
// as an outcome, never as a crash, a hang or a bloated API process.
import { Worker } from 'node:worker_threads';
import type { ResumeTextOutcome } from '../contract';

export interface PdfTextLimits {
  /** The worker is terminated after this long. */
  timeoutMs: number;
  /** The worker's JavaScript heap (V8's old generation) in MB; past it the worker dies. */
  memoryMb: number;
  /** Pages read at most (a resume's skills and dates are on its first pages). */
  maxPages: number;
  /** Characters kept at most. */
  maxChars: number;
}

export const DEFAULT_PDF_LIMITS: PdfTextLimits = {
  timeoutMs: 10_000,
  memoryMb: 128,
  maxPages: 10,
  maxChars: 100_000,
};

export type PdfTextResult =
  { outcome: 'read'; text: string } | { outcome: Exclude<ResumeTextOutcome, 'read' | 'not_pdf'> };

/** Fewer letters than this and the PDF counts as having no text (a scan, or only images). */
const MIN_LETTERS = 20;

/**
 * The worker's program (CommonJS, evaluated as a string so it runs the same from the sources in tests and
 * from dist/). It answers `{ text }` or `{ error }` and nothing else.
 */
export const PDF_TEXT_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { lib, bytes, maxPages, maxChars } = workerData;
(async () => {
  const { getDocumentProxy } = require(lib);
  const doc = await getDocumentProxy(bytes, { verbosity: 0, isEvalSupported: false, disableFontFace: true, useSystemFonts: false });
  let text = '';
  for (let p = 1; p <= Math.min(doc.numPages, maxPages) && text.length < maxChars; p++) {
    const content = await (await doc.getPage(p)).getTextContent();
    for (const item of content.items) if ('str' in item) text += item.str + (item.hasEOL ? '\\n' : ' ');
    text += '\\n';
  }
  parentPort.postMessage({ text: text.slice(0, maxChars) });
})().catch((e) => parentPort.postMessage({ error: String((e && e.name) || 'Error') }));
`;

let unpdfEntry: string | undefined;
/** unpdf's CommonJS entry, resolved from this package (the worker has no module paths of its own). */
const unpdf = () => (unpdfEntry ??= require.resolve('unpdf'));

/** Maps what the worker answered to an outcome. */
function outcomeOf(message: unknown): PdfTextResult {
  const text = (message as { text?: unknown } | null)?.text;
  if (typeof text !== 'string') return { outcome: 'unreadable' };
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  return letters < MIN_LETTERS ? { outcome: 'no_text' } : { outcome: 'read', text };
}

/**
 * Reads a PDF's text in a new worker. Out of memory: 'too_large'; past the time limit (the worker is
 * terminated): 'too_slow'; a file PDF.js refuses, or a worker that dies otherwise: 'unreadable'.
 * `program` replaces the worker's program (tests use it to exercise the limits).
 */
export function extractPdfText(
  bytes: Uint8Array,
  limits: PdfTextLimits = DEFAULT_PDF_LIMITS,
  program: string = PDF_TEXT_WORKER,
): Promise<PdfTextResult> {
  const copy = new Uint8Array(bytes); // transferred to the worker, so the caller's buffer stays whole
  const worker = new Worker(program, {
    eval: true,
    workerData: { lib: unpdf(), bytes: copy, maxPages: limits.maxPages, maxChars: limits.maxChars },
    transferList: [copy.buffer],
    resourceLimits: {
      maxOldGenerationSizeMb: limits.memoryMb,
      maxYoungGenerationSizeMb: Math.max(1, Math.min(16, Math.floor(limits.memoryMb / 4))),
      stackSizeMb: 4,
    },
    // PDF.js warns on the console about broken files: those lines are dropped, not mixed into the logs.
    stdout: true,
    stderr: true,
  });
  worker.stdout.resume();
  worker.stderr.resume();
  return new Promise((resolve) => {
    let settled = false;
    const settle = (result: PdfTextResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
      void worker.terminate();
    };
    const timer = setTimeout(() => settle({ outcome: 'too_slow' }), limits.timeoutMs);
    worker.once('message', (message) => settle(outcomeOf(message)));
    worker.once('error', (err: Error & { code?: string }) =>
      settle({ outcome: err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'too_large' : 'unreadable' }),
    );
    worker.once('exit', () => settle({ outcome: 'unreadable' }));
  });
}

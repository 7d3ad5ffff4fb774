// A PDF's text, read by PDF.js (through unpdf, which bundles a build of it made for servers) in a child
// process with a memory limit and a time limit: a huge, broken, hostile or password-protected file ends
// as an outcome, never as a crash, a hang or a bloated API process. A process, not a worker thread: a
// worker's heap limit (resourceLimits) is ignored once the process was started with --max-old-space-size
// (NODE_OPTIONS, as CI and many deployments set it), and a process's limit is its own.
import { spawn } from 'node:child_process';
import type { ResumeTextOutcome } from '../contract';

export interface PdfTextLimits {
  /** The reader is killed after this long. */
  timeoutMs: number;
  /** The reader's JavaScript heap (V8's old generation) in MB; past it the reader dies. */
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
 * The reader's program (CommonJS, run with `node -e` so it runs the same from the sources in tests and from
 * dist/). It takes one message (the library's path, the bytes and the limits) and answers `{ text }` or
 * `{ error }` and nothing else.
 */
export const PDF_TEXT_PROGRAM = `
process.once('message', async ({ lib, bytes, maxPages, maxChars }) => {
  const answer = (message) => process.send(message, () => process.exit(0));
  try {
    const { getDocumentProxy } = require(lib);
    const doc = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0, isEvalSupported: false, disableFontFace: true, useSystemFonts: false });
    let text = '';
    for (let p = 1; p <= Math.min(doc.numPages, maxPages) && text.length < maxChars; p++) {
      const content = await (await doc.getPage(p)).getTextContent();
      for (const item of content.items) if ('str' in item) text += item.str + (item.hasEOL ? '\\n' : ' ');
      text += '\\n';
    }
    answer({ text: text.slice(0, maxChars) });
  } catch (e) {
    answer({ error: String((e && e.name) || 'Error') });
  }
});
`;

let unpdfEntry: string | undefined;
/** unpdf's CommonJS entry, resolved from this package (the reader has no module paths of its own). */
const unpdf = () => (unpdfEntry ??= require.resolve('unpdf'));

/** Maps what the worker answered to an outcome. */
function outcomeOf(message: unknown): PdfTextResult {
  const text = (message as { text?: unknown } | null)?.text;
  if (typeof text !== 'string') return { outcome: 'unreadable' };
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  return letters < MIN_LETTERS ? { outcome: 'no_text' } : { outcome: 'read', text };
}

/** What V8 prints when a heap limit is reached. */
const OUT_OF_MEMORY = /heap out of memory|Reached heap limit/i;

/**
 * Reads a PDF's text in a new process. Out of memory: 'too_large'; past the time limit (the process is
 * killed): 'too_slow'; a file PDF.js refuses, or a reader that dies otherwise: 'unreadable'.
 * `program` replaces the reader's program (tests use it to exercise the limits).
 */
export function extractPdfText(
  bytes: Uint8Array,
  limits: PdfTextLimits = DEFAULT_PDF_LIMITS,
  program: string = PDF_TEXT_PROGRAM,
): Promise<PdfTextResult> {
  const semiSpaceMb = Math.max(1, Math.min(16, Math.floor(limits.memoryMb / 8)));
  const reader = spawn(
    process.execPath,
    [
      `--max-old-space-size=${limits.memoryMb}`,
      `--max-semi-space-size=${semiSpaceMb}`,
      '-e',
      program,
    ],
    // Its own flags only: the API's NODE_OPTIONS (a larger heap, a debugger) are not the reader's.
    {
      env: { ...process.env, NODE_OPTIONS: '' },
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      serialization: 'advanced',
    },
  );
  // PDF.js warns on the console about broken files: those lines are dropped; V8's last words are kept.
  let outOfMemory = false;
  let tail = '';
  reader.stderr!.on('data', (chunk: Buffer) => {
    const seen = tail + chunk.toString();
    outOfMemory ||= OUT_OF_MEMORY.test(seen);
    tail = seen.slice(-100);
  });
  return new Promise((resolve) => {
    let settled = false;
    const settle = (result: PdfTextResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
      if (reader.exitCode === null && reader.signalCode === null) reader.kill('SIGKILL');
    };
    const timer = setTimeout(() => settle({ outcome: 'too_slow' }), limits.timeoutMs);
    reader.once('message', (message) => settle(outcomeOf(message)));
    reader.once('error', () => settle({ outcome: 'unreadable' }));
    reader.once('close', () => settle({ outcome: outOfMemory ? 'too_large' : 'unreadable' }));
    const { maxPages, maxChars } = limits;
    reader.send({ lib: unpdf(), bytes, maxPages, maxChars }, () => {});
  });
}

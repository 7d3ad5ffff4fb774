// PDFs made in the test: a page of text lines, a page without text (as a scan has), and a
// password-protected one.
import { randomBytes } from 'node:crypto';

/** A one-page PDF of `objects` 4 onwards on top of the catalog, pages and page (1-3). */
function pdfOf(content: string, trailerExtra = '', extraObjects: string[] = []): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    ...extraObjects,
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R${trailerExtra} >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

const escape = (line: string) => line.replace(/[\\()]/g, (c) => `\\${c}`);

/** One page with these lines of text (Helvetica, Latin-1). */
export function textPdf(lines: string[]): Buffer {
  const shown = lines.map((l) => `(${escape(l)}) Tj T*`).join(' ');
  return pdfOf(`BT /F1 11 Tf 50 760 Td 14 TL ${shown} ET`);
}

/**
 * One page of `runs` separate pieces of text: reading it builds an object per piece, tens of megabytes of
 * heap for a file of a few (a reader held to a small heap runs out of memory on it).
 */
export function crowdedTextPdf(runs = 200_000): Buffer {
  return pdfOf(`BT /F1 11 Tf 50 760 Td ${'(ab) Tj '.repeat(runs)}ET`);
}

/** One page that only draws (a filled box): no text at all, as a scanned page. */
export const noTextPdf = (): Buffer => pdfOf('0.5 g 50 50 500 700 re f');

/**
 * Needs a password: a standard security handler whose user-password check fails for the empty password
 * (its O and U entries are random), so no reader opens it without one.
 */
export function passwordPdf(): Buffer {
  const hex = (n: number) => randomBytes(n).toString('hex');
  return pdfOf(
    'BT /F1 11 Tf 50 760 Td (secret) Tj ET',
    ` /Encrypt 6 0 R /ID [<${hex(16)}> <${hex(16)}>]`,
    [`<< /Filter /Standard /V 1 /R 2 /O <${hex(32)}> /U <${hex(32)}> /P -44 >>`],
  );
}

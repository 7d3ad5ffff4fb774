// File types recognised by their content (magic bytes), never by the name or the type the browser sent.

export interface DetectedType {
  mime: string;
  ext: string;
}

const startsWith = (buf: Buffer, bytes: readonly number[], offset = 0) =>
  buf.length >= offset + bytes.length && bytes.every((b, i) => buf[offset + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

const PDF = ascii('%PDF-');
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP_LOCAL = [0x50, 0x4b, 0x03, 0x04];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];

/** The names of a ZIP archive's entries, read from its central directory ([] when it is not one). */
export function zipEntryNames(buf: Buffer): string[] {
  // End of central directory: 22 bytes plus a comment of up to 65535 bytes, at the very end.
  const min = Math.max(0, buf.length - 22 - 0xffff);
  let eocd = -1;
  for (let i = buf.length - 22; i >= min; i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return [];
  const count = buf.readUInt16LE(eocd + 10);
  let p = buf.readUInt32LE(eocd + 16);
  const names: string[] = [];
  for (let n = 0; n < count; n++) {
    if (p + 46 > buf.length || buf.readUInt32LE(p) !== 0x02014b50) return names;
    const nameLen = buf.readUInt16LE(p + 28);
    const extraLen = buf.readUInt16LE(p + 30);
    const commentLen = buf.readUInt16LE(p + 32);
    if (p + 46 + nameLen > buf.length) return names;
    names.push(buf.toString('utf8', p + 46, p + 46 + nameLen));
    p += 46 + nameLen + extraLen + commentLen;
  }
  return names;
}

/** PDF, Word 97-2003 (.doc, an OLE compound file) or Word (.docx, a ZIP with a word/ part); else null. */
export function detectResumeType(buf: Buffer): DetectedType | null {
  if (startsWith(buf, PDF)) return { mime: 'application/pdf', ext: 'pdf' };
  if (startsWith(buf, OLE)) return { mime: 'application/msword', ext: 'doc' };
  if (startsWith(buf, ZIP_LOCAL) && zipEntryNames(buf).some((n) => n.startsWith('word/'))) {
    return {
      mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      ext: 'docx',
    };
  }
  return null;
}

/** PNG, JPEG, GIF or WEBP; else null. */
export function detectImageType(buf: Buffer): DetectedType | null {
  if (startsWith(buf, PNG)) return { mime: 'image/png', ext: 'png' };
  if (startsWith(buf, JPEG)) return { mime: 'image/jpeg', ext: 'jpg' };
  if (startsWith(buf, ascii('GIF87a')) || startsWith(buf, ascii('GIF89a'))) {
    return { mime: 'image/gif', ext: 'gif' };
  }
  if (startsWith(buf, ascii('RIFF')) && startsWith(buf, ascii('WEBP'), 8)) {
    return { mime: 'image/webp', ext: 'webp' };
  }
  return null;
}

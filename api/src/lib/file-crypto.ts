// Uploaded files encrypted at rest (a disk or dump shows no resume): AES-256-GCM, a configured key, the key's id
// stored in each file's header so keys can rotate (new files take the first key; the others still read
// the files written with them).
//
//   "RFE1" | key id length (1 byte) | key id (ASCII) | IV (12 bytes) | GCM tag (16 bytes) | ciphertext
//
// Files written before encryption (no header) are read as they are.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const MAGIC = Buffer.from('RFE1');
const IV_BYTES = 12;
const TAG_BYTES = 16;

export interface FileKey {
  id: string;
  key: Buffer;
}

export class FileKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FileKeyError';
  }
}

/**
 * FILE_ENCRYPTION_KEYS: `id:base64,id:base64,…` (each key 32 bytes; ids of 1-32 letters, digits, `_-`),
 * the first used for new files. Unset: one key derived from the server secret (id `s1`).
 */
export function parseFileKeys(value: string | undefined, serverSecret: Buffer): FileKey[] {
  if (!value || value.trim() === '') {
    const derived = Buffer.from(
      hkdfSync('sha256', serverSecret, Buffer.alloc(0), 'referio file encryption', 32),
    );
    return [{ id: 's1', key: derived }];
  }
  const keys = value
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)
    .map((entry) => {
      const at = entry.indexOf(':');
      const id = entry.slice(0, at);
      const key = Buffer.from(entry.slice(at + 1), 'base64');
      if (at <= 0 || !/^[A-Za-z0-9_-]{1,32}$/.test(id) || key.length !== 32) {
        throw new FileKeyError(
          'FILE_ENCRYPTION_KEYS: expected id:base64 entries, each key 32 bytes (openssl rand -base64 32)',
        );
      }
      return { id, key };
    });
  if (new Set(keys.map((k) => k.id)).size !== keys.length) {
    throw new FileKeyError('FILE_ENCRYPTION_KEYS: each key id once');
  }
  return keys;
}

export function encryptFile(data: Buffer, key: FileKey): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key.key, iv);
  const id = Buffer.from(key.id, 'ascii');
  // The header is authenticated too: a file cannot be made to claim another key.
  const header = Buffer.concat([MAGIC, Buffer.from([id.length]), id]);
  cipher.setAAD(header);
  const body = Buffer.concat([cipher.update(data), cipher.final()]);
  return Buffer.concat([header, iv, cipher.getAuthTag(), body]);
}

/** The plaintext of a stored file (a file without the header is returned as it is). */
export function decryptFile(stored: Buffer, keys: FileKey[]): Buffer {
  if (stored.length < MAGIC.length || !stored.subarray(0, MAGIC.length).equals(MAGIC))
    return stored;
  const idLength = stored[MAGIC.length] ?? 0;
  const headerEnd = MAGIC.length + 1 + idLength;
  const id = stored.subarray(MAGIC.length + 1, headerEnd).toString('ascii');
  const key = keys.find((k) => k.id === id);
  if (!key) throw new FileKeyError(`no file encryption key "${id}" configured`);
  const iv = stored.subarray(headerEnd, headerEnd + IV_BYTES);
  const tag = stored.subarray(headerEnd + IV_BYTES, headerEnd + IV_BYTES + TAG_BYTES);
  const decipher = createDecipheriv('aes-256-gcm', key.key, iv);
  decipher.setAAD(stored.subarray(0, headerEnd));
  decipher.setAuthTag(tag);
  return Buffer.concat([
    decipher.update(stored.subarray(headerEnd + IV_BYTES + TAG_BYTES)),
    decipher.final(),
  ]);
}

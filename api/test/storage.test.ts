import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { InvalidStorageKeyError, LocalDiskStorage } from '../src/plugins/storage';

const read = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

describe('local disk storage', () => {
  let root: string;
  let storage: LocalDiskStorage;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'referio-storage-'));
    storage = new LocalDiskStorage(path.join(root, 'uploads'));
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('stores bytes under a key and gives them back with their size', async () => {
    await storage.put('resumes/u1/cv.pdf', Buffer.from('%PDF-1.7 hello'), 'application/pdf');
    const object = await storage.get('resumes/u1/cv.pdf');
    expect(object?.size).toBe(14);
    expect((await read(object!.body)).toString()).toBe('%PDF-1.7 hello');
    expect(fs.existsSync(path.join(root, 'uploads', 'resumes', 'u1', 'cv.pdf'))).toBe(true);
  });

  it('replaces an object written again under the same key', async () => {
    await storage.put('a/b.txt', Buffer.from('one'), 'text/plain');
    await storage.put('a/b.txt', Buffer.from('two'), 'text/plain');
    expect((await read((await storage.get('a/b.txt'))!.body)).toString()).toBe('two');
    expect(fs.readdirSync(path.join(root, 'uploads', 'a'))).toEqual(['b.txt']);
  });

  it('answers null for a missing key and deletes idempotently', async () => {
    expect(await storage.get('nothing/here.pdf')).toBeNull();
    await storage.put('x/y.png', Buffer.from([1, 2, 3]), 'image/png');
    await storage.delete('x/y.png');
    await storage.delete('x/y.png');
    expect(await storage.get('x/y.png')).toBeNull();
  });

  it.each(['../escape.txt', 'a/../../escape', '/etc/passwd', 'a//b', '', 'a/./b', 'a\\b'])(
    'refuses the key %p that could leave the uploads folder',
    async (key) => {
      await expect(storage.put(key, Buffer.from('x'), 'text/plain')).rejects.toBeInstanceOf(
        InvalidStorageKeyError,
      );
      await expect(storage.get(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    },
  );
});

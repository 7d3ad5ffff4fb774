// A process that stores uploads' bytes without end, as the upload route does before it writes a file's
// row: the kill -9 test (uploads.test.ts) kills it with SIGKILL mid-write.
// Usage: node --import tsx upload-writer.ts <storage root> <owner folder>
import { LocalDiskStorage } from '../src/plugins/storage';

const ABOUT_900_KB = Buffer.alloc(900 * 1024, 0x25);

async function main(root: string, owner: string) {
  const storage = new LocalDiskStorage(root);
  for (let i = 0; ; i++) {
    await storage.put(`resumes/${owner}/${i}.pdf`, ABOUT_900_KB, 'application/pdf');
    if (i === 0) process.stdout.write('stored\n');
  }
}

void main(process.argv[2] ?? '', process.argv[3] ?? 'killed');

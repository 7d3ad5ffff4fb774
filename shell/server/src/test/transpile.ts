// Tests only: a folder of the server's modules as plain JavaScript (typescript's transpileModule, no type check),
// for code Jest does not load itself, such as a render worker thread, which must start as fast as the compiled one.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';

/** `dir`'s modules (tests left out) as JavaScript in a new temporary folder, which is returned. */
export function transpileFolder(dir: string): string {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'referio-server-js-'));
  for (const file of fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
    const { outputText } = ts.transpileModule(fs.readFileSync(path.join(dir, file), 'utf8'), {
      fileName: file,
      compilerOptions: {
        module: ts.ModuleKind.CommonJS,
        target: ts.ScriptTarget.ES2022,
        esModuleInterop: true,
      },
    });
    fs.writeFileSync(path.join(out, file.replace(/\.ts$/, '.js')), outputText);
  }
  return out;
}

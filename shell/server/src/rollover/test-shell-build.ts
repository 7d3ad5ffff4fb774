// Test support for the rollover's tests: a stand-in shell build, written to a temporary folder.
import fs from 'node:fs';
import path from 'node:path';

/**
 * A stand-in shell build under `root`: index.html titled `text` loading its hashed script `main.<text>.js`, and an
 * empty federation manifest; `broken` adds a server render that throws when loaded.
 */
export function shellDist(root: string, text: string, broken = false): string {
  const dist = fs.mkdtempSync(path.join(root, 'dist-'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    `<!doctype html><html><head><title>${text}</title></head><body><div id="root"></div><script defer src="/main.${text}.js"></script></body></html>`,
  );
  fs.writeFileSync(path.join(dist, `main.${text}.js`), `console.log(${JSON.stringify(text)});`);
  const manifest = {
    id: 'shell',
    name: 'shell',
    metaData: {},
    shared: [],
    remotes: [],
    exposes: [],
  };
  fs.writeFileSync(path.join(dist, 'mf-manifest.json'), JSON.stringify(manifest));
  if (broken) {
    fs.mkdirSync(path.join(dist, 'server'));
    fs.writeFileSync(path.join(dist, 'server', 'render.js'), "throw new Error('broken build');");
  }
  return dist;
}

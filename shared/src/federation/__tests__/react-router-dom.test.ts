// The site shares shared/src/federation/react-router-dom.ts under the name 'react-router-dom'. A name an app
// imports from 'react-router-dom' that this list lacks would be undefined in the browser, with no build error.
import fs from 'node:fs';
import path from 'node:path';
import * as sharedRouter from '../react-router-dom';

const root = path.resolve(__dirname, '..', '..', '..', '..');
/** The browser packages: the workspaces built by webpack (the shell and every remote), and shared. */
const workspaces = (
  JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { workspaces: string[] }
).workspaces;
const appSources = [
  ...workspaces.filter((dir) => fs.existsSync(path.join(root, dir, 'webpack.config.js'))),
  'shared',
].map((dir) => path.join(root, dir, 'src'));

/** Code that never reaches the browser: the shell's server render (shell/src/server, a Node bundle, no federation). */
const SERVER_ONLY = path.join(root, 'shell', 'src', 'server');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === '__tests__' || full === SERVER_ONLY ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

function importedRouterValues(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const names: string[] = [];
  for (const m of text.matchAll(
    /import\s+(type\s+)?\{([^}]*)\}\s+from\s+'react-router(?:-dom)?'/g,
  )) {
    if (m[1]) continue;
    for (const part of m[2]!.split(',')) {
      const spec = part.trim();
      if (!spec || spec.startsWith('type ')) continue;
      names.push(spec.split(/\s+as\s+/)[0]!.trim());
    }
  }
  return names;
}

describe('the shared react-router-dom list', () => {
  it('exports every router value the apps import, so none is undefined in the browser', () => {
    // The shell, the five remotes and shared, found from the workspaces.
    expect(appSources.map((dir) => path.basename(path.dirname(dir)))).toEqual(
      expect.arrayContaining(['shell', 'mfe-public', 'mfe-admin', 'shared']),
    );
    const files = appSources.flatMap(sourceFiles);
    const used = new Set(files.flatMap(importedRouterValues));
    expect(used.size).toBeGreaterThan(5);
    const missing = [...used].filter((name) => !(name in sharedRouter));
    expect(missing).toEqual([]);
  });

  it('hands out the real router components and hooks', () => {
    expect(typeof sharedRouter.BrowserRouter).toBe('function');
    expect(typeof sharedRouter.useNavigate).toBe('function');
    expect(sharedRouter.matchPath('/jobs/:id', '/jobs/7')?.params).toEqual({ id: '7' });
  });

  it('finds no app importing react-router itself (that would be a second, unshared router)', () => {
    const direct = appSources
      .flatMap(sourceFiles)
      .filter((f) => !f.endsWith(path.join('federation', 'react-router-dom.ts')))
      .filter((f) => /from\s+'react-router'/.test(fs.readFileSync(f, 'utf8')));
    expect(direct).toEqual([]);
  });
});

// Runs after the async boundary in index.ts, when the shared singletons (React, the router, the store,
// @referio/shared) are negotiated. Reads /remotes.json, registers the remotes, then renders. A missing
// or broken remotes.json does not stop the site: the chrome renders and each remote page shows the
// failure UI, whose Retry reads remotes.json again.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { ensureRemotes } from './federation/remotes';

async function start(): Promise<void> {
  try {
    await ensureRemotes();
  } catch (err) {
    console.error('[referio] could not read /remotes.json; remote pages will offer Retry', err);
  }
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();

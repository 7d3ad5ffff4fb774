// The test every remote has of its exposed page modules (docs/foundation-interfaces.md): the modules its
// webpack.config.js exposes are exactly the pages named, each from its own page folder, and each page
// default-exports a component that shows its level-1 heading.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createElement, type ComponentType } from 'react';
import { screen } from '@testing-library/react';
import { renderPage } from './render';

export interface ExposedPagesCheck {
  /** The remote's folder (where its webpack.config.js is). */
  remoteDir: string;
  /** Each exposed module and the heading its page shows. */
  exposed: [module: string, heading: string][];
  /** Imports a page module by name (the test's own relative `import()`, so its bundler finds it). */
  load: (name: string) => Promise<{ default: ComponentType }>;
  /**
   * Renders a page with what the remote's pages need around them (query client, router, session).
   * Absent: `renderPage` as it is, with the session store as the test left it.
   */
  render?: (Page: ComponentType) => { container: HTMLElement } | void;
  /** Also checks that no page renders a <main> of its own (the shell wraps every page in one). */
  noMainLandmark?: boolean;
}

/** The modules the webpack config exposes, checked to come from `./src/pages/<Module>/index.tsx`. */
export function exposedModules(remoteDir: string): string[] {
  const config = readFileSync(path.join(remoteDir, 'webpack.config.js'), 'utf8');
  return [...config.matchAll(/'\.\/(\w+)': '\.\/src\/pages\/(\w+)\/index\.tsx'/g)].map((m) => {
    expect(m[2]).toBe(m[1]);
    return String(m[1]);
  });
}

const renderAlone = (Page: ComponentType) => renderPage(createElement(Page));

export function describeExposedPages(o: ExposedPagesCheck): void {
  const show = o.render ?? renderAlone;
  describe('the exposed page modules', () => {
    it('are exactly the ones the foundation interfaces name, each from its own page folder', () => {
      expect(exposedModules(o.remoteDir).sort()).toEqual(o.exposed.map(([name]) => name).sort());
    });

    it.each(o.exposed)(
      '%s default-exports a page that shows the heading "%s"',
      async (name, heading) => {
        const { default: Page } = await o.load(name);
        const rendered = show(Page);
        expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
        // A second <main> landmark would confuse screen readers.
        if (o.noMainLandmark && rendered)
          expect(rendered.container.querySelector('main')).toBeNull();
      },
    );
  });
}

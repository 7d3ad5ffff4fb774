import { readFileSync } from 'node:fs';
import path from 'node:path';
import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType } from 'react';

// The modules the shell loads from this remote (docs/foundation-interfaces.md) and the heading each shows.
const exposed: [module: string, heading: string][] = [['Chat', 'Chat']];

describe('the exposed page modules', () => {
  it('are exactly the ones the foundation interfaces name, each from its own page folder', () => {
    const config = readFileSync(
      path.join(__dirname, '..', '..', '..', 'webpack.config.js'),
      'utf8',
    );
    const declared = [...config.matchAll(/'\.\/(\w+)': '\.\/src\/pages\/(\w+)\/index\.tsx'/g)].map(
      (m) => {
        expect(m[2]).toBe(m[1]);
        return m[1];
      },
    );
    expect(declared.sort()).toEqual(exposed.map(([name]) => name).sort());
  });

  it.each(exposed)(
    '%s default-exports a page that shows the heading "%s"',
    async (name, heading) => {
      const mod = (await import(`../${name}/index.tsx`)) as { default: ComponentType };
      const Page = mod.default;
      render(
        <QueryClientProvider client={new QueryClient()}>
          <Page />
        </QueryClientProvider>,
      );
      expect(screen.getByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    },
  );
});

// A page the server rendered as islands-only is taken over island by island (islands.tsx): the HTML the app's
// tree renders on the server is what each island renders from its props alone, so hydration changes nothing;
// a click then works; an island whose module does not load stays the server's HTML and the others still work.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { Island } from '@referio/shared/islands';
import { Navbar } from '../layout/Navbar';
import { FooterSubscribe } from '../layout/FooterSubscribe';
import { hydrateIslands } from '../islands';
import { loadIslandModule } from '../federation/remotes';

jest.mock('../federation/remotes', () => ({
  ensureRemotes: jest.fn().mockResolvedValue([]),
  loadIslandModule: jest.fn(),
}));

/** A remote's island: a counter that renders the same from its props on the server and in the browser. */
function Counter({ start }: { start: number }) {
  return (
    <button type="button" onClick={(e) => (e.currentTarget.textContent = String(start + 1))}>
      {String(start)}
    </button>
  );
}

/** The server's HTML of the app's header and footer box, and of a remote island, each in its Island wrapper. */
function serverHtml(): string {
  return renderToString(
    <StaticRouter location="/">
      <Island name="shell/Navbar">
        <Navbar />
      </Island>
      <Island name="mfe_public/CounterIsland" props={{ start: 41 }}>
        <Counter start={41} />
      </Island>
      <Island name="mfe_public/MissingIsland">
        <p>Static until its code comes</p>
      </Island>
      <Island name="shell/FooterSubscribe">
        <FooterSubscribe />
      </Island>
    </StaticRouter>,
  );
}

// hydrateIslands waits for each island's commit: React's own scheduler runs it, as in a browser (inside
// act(), the commit would wait for the act scope the call is awaited in).
beforeEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
  document.body.innerHTML = `<div id="root">${serverHtml()}</div>`;
  jest.mocked(loadIslandModule).mockImplementation(async (id) => {
    if (id === 'mfe_public/CounterIsland')
      return { default: Counter as unknown as React.ComponentType };
    throw new Error('Loading script failed');
  });
});

it('takes each island over in place, without a mismatch, and its buttons work', async () => {
  const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const warnings = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  const burger = screen.getByLabelText('Menu', { selector: 'summary' });
  const count = screen.getByRole('button', { name: '41' });

  const hydrated = await hydrateIslands(document);

  expect(hydrated).toBe(3);
  // The elements the server sent are React's now (a fresh render would have replaced them).
  expect(screen.getByLabelText('Menu', { selector: 'summary' })).toBe(burger);
  expect(screen.getByRole('button', { name: '41' })).toBe(count);
  expect(errors).not.toHaveBeenCalled();

  await userEvent.click(burger);
  expect(burger.closest('details')).toHaveAttribute('open');
  await userEvent.keyboard('{Escape}');
  expect(burger.closest('details')).not.toHaveAttribute('open');
  await userEvent.click(count);
  expect(count).toHaveTextContent('42');

  // The island whose module did not load: the server's HTML, and a warning saying so.
  expect(screen.getByText('Static until its code comes')).toBeInTheDocument();
  expect(warnings).toHaveBeenCalledWith(
    expect.stringMatching(/island mfe_public\/MissingIsland did not load; the server's page stays/),
    expect.any(Error),
  );
});

it("the footer's subscribe box checks the address once it is React's", async () => {
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  await hydrateIslands(document);
  await userEvent.type(screen.getByLabelText('Email address'), 'not-an-address');
  await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
  await waitFor(() =>
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid email address'),
  );
  expect(screen.getByLabelText('Email address')).toHaveAttribute(
    'aria-describedby',
    'footer-subscribe-error',
  );
});

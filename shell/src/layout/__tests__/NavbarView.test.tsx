// The header's phone menu is a native disclosure: the server's HTML opens and closes it with no script, React
// takes it over as it is (open or closed, without a mismatch), and then Escape closes it.
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MENU_ID, MENU_LABEL, NavbarView } from '../NavbarView';
import { PlainLink } from '../SiteLink';

const header = (pathname = '/') => <NavbarView Link={PlainLink} pathname={pathname} />;

const burger = () => screen.getByLabelText(MENU_LABEL, { selector: 'summary' });
const disclosure = () => burger().closest('details')!;
const menu = () => document.getElementById(MENU_ID)!;

let root: Root | undefined;

/** The server's HTML of the header, in the page: no React on it yet. */
function serveHeader(): void {
  document.body.innerHTML = `<div id="root">${renderToString(header())}</div>`;
}

/** React takes the header over, as the islands and the app do. */
async function hydrate(pathname = '/'): Promise<void> {
  await act(async () => {
    root = hydrateRoot(document.getElementById('root')!, header(pathname));
  });
}

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
});

describe('before any script has run', () => {
  beforeEach(serveHeader);

  it('sends a closed disclosure named Menu that controls the menu of real links', () => {
    expect(disclosure()).not.toHaveAttribute('open');
    expect(burger()).toHaveAttribute('aria-controls', MENU_ID);
    // The menu is the disclosure's next sibling (the CSS shows it while the details is open).
    expect(disclosure().nextElementSibling).toBe(menu());
    const hrefs = [...menu().querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual([
      '/company-list',
      '/become-a-referral',
      '/premium',
      '/sign-in',
      '/sign-up',
    ]);
  });

  it('opens and closes on a tap, with nothing but the browser', async () => {
    await userEvent.click(burger());
    expect(disclosure()).toHaveAttribute('open');
    await userEvent.click(burger());
    expect(disclosure()).not.toHaveAttribute('open');
  });
});

describe('taken over by React', () => {
  beforeEach(serveHeader);

  it('keeps a menu opened before, without a hydration warning, and a tap then closes it once', async () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await userEvent.click(burger());
    const summary = burger();

    await hydrate();

    expect(burger()).toBe(summary);
    expect(disclosure()).toHaveAttribute('open');
    expect(errors).not.toHaveBeenCalled();
    await userEvent.click(burger());
    expect(disclosure()).not.toHaveAttribute('open');
    await userEvent.click(burger());
    expect(disclosure()).toHaveAttribute('open');
  });

  it('keeps a closed menu closed', async () => {
    await hydrate();
    expect(disclosure()).not.toHaveAttribute('open');
  });

  it('is reached by Tab after the logo, and Escape closes it with focus back on the burger', async () => {
    await hydrate();
    await userEvent.tab();
    expect(screen.getByRole('link', { name: 'Referio home' })).toHaveFocus();
    await userEvent.tab();
    expect(burger()).toHaveFocus();
    await userEvent.click(burger());
    await userEvent.tab();
    expect(screen.getByRole('link', { name: 'Browse Companies' })).toHaveFocus();

    await userEvent.keyboard('{Escape}');

    expect(disclosure()).not.toHaveAttribute('open');
    expect(burger()).toHaveFocus();
  });

  it('leaves a closed menu and the focus alone on Escape', async () => {
    await hydrate();
    const login = screen.getByRole('link', { name: 'Login' });
    login.focus();
    await userEvent.keyboard('{Escape}');
    expect(login).toHaveFocus();
    expect(disclosure()).not.toHaveAttribute('open');
  });

  it('closes when the path changes (a link followed in the app)', async () => {
    await hydrate('/');
    await userEvent.click(burger());
    await act(async () => root!.render(header('/premium')));
    expect(disclosure()).not.toHaveAttribute('open');
  });
});

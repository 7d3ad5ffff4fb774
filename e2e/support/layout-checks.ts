import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';

/** Where the visual sweep leaves its screenshots (gitignored; CI keeps the folder as an artifact). */
export const SCREENS_DIR = path.join(__dirname, '..', 'artifacts', 'screens');

/** The browser's default link colours: unvisited and visited. */
const DEFAULT_LINK_COLOURS = ['rgb(0, 0, 238)', 'rgb(85, 26, 139)'];

export interface LayoutReport {
  /** How far the page scrolls sideways (document width minus the viewport's), in px. */
  sidewaysScroll: number;
  /** Controls and headings that start left of the screen or end right of it. */
  offScreen: string[];
  /** Words drawn on two lines ("Technologi/es"). */
  brokenWords: string[];
  /** Links painted in the browser's default blue or purple. */
  defaultColouredLinks: string[];
  /** Texts shown by more than one toast at once. */
  duplicateToasts: string[];
  /** Toasts lying over the page's content (text, controls, images) outside the top bar they dock on. */
  toastsOverContent: string[];
}

/**
 * Measures the page as it is drawn. Runs in the browser; every check only looks at what a person could
 * see (visible, not visually hidden, not aria-hidden).
 */
export async function measureLayout(page: Page): Promise<LayoutReport> {
  return page.evaluate((defaultColours) => {
    const vw = document.documentElement.clientWidth;
    const describe = (el: Element): string => {
      const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      const label = el.getAttribute('aria-label');
      return `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.split(' ')[0]}` : ''} "${label ?? text}"`;
    };
    const hiddenFromPeople = (el: Element): boolean =>
      !!el.closest('.rf-visually-hidden, [aria-hidden="true"], [hidden]');
    const isShown = (el: Element): boolean => {
      if (hiddenFromPeople(el)) return false;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none' || style.opacity === '0') {
        return false;
      }
      const r = el.getBoundingClientRect();
      return r.width > 1 && r.height > 1;
    };
    /** Clipped away by a scrolling or overflow-hidden ancestor: not drawn where its box says. */
    const clippedByAncestor = (el: Element): boolean => {
      const r = el.getBoundingClientRect();
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const s = getComputedStyle(p);
        if (s.overflowX !== 'visible' && s.overflowX !== 'clip') {
          const pr = p.getBoundingClientRect();
          if (r.right <= pr.left || r.left >= pr.right) return true;
        }
      }
      return false;
    };

    const sidewaysScroll = Math.max(0, document.documentElement.scrollWidth - vw);

    const offScreen: string[] = [];
    const controls = document.querySelectorAll(
      'a, button, input:not([type="hidden"]), select, textarea, [role="tab"], h1, h2, h3, time, .rf-badge',
    );
    for (const el of controls) {
      if (!isShown(el)) continue;
      // A visually hidden file input is reached through its button.
      if (el instanceof HTMLInputElement && el.type === 'file') continue;
      const r = el.getBoundingClientRect();
      // Parked above the page until focused (the skip link).
      if (r.bottom + window.scrollY <= 0) continue;
      if (r.left < -1 || r.right > vw + 1) {
        if (clippedByAncestor(el)) continue;
        offScreen.push(`${describe(el)} at x ${Math.round(r.left)}–${Math.round(r.right)}`);
      }
    }

    const brokenWords: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.textContent ?? '';
      if (!parent || text.trim().length < 4) continue;
      if (parent.closest('script, style, noscript, svg') || !isShown(parent)) continue;
      const words = text.matchAll(/\S+/g);
      for (const m of words) {
        // Only plain words: an e-mail address or a URL may be broken where it must.
        const word = m[0].replace(/^[("'“‘[]+|[)"'”’\].,:;!?…]+$/gu, '');
        if (word.length < 4 || !/^\p{L}+$/u.test(word)) continue;
        const start = (m.index ?? 0) + m[0].indexOf(word);
        range.setStart(node, start);
        range.setEnd(node, start + word.length);
        const lines = new Set(
          [...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)),
        );
        if (lines.size > 1) brokenWords.push(`"${word}" in ${describe(parent)}`);
      }
    }

    const defaultColouredLinks: string[] = [];
    for (const a of document.querySelectorAll('a')) {
      if (!isShown(a)) continue;
      if (defaultColours.includes(getComputedStyle(a).color))
        defaultColouredLinks.push(describe(a));
    }

    const toasts = [...document.querySelectorAll('.Toastify__toast')].filter((t) => isShown(t));
    const seen = new Map<string, number>();
    for (const t of toasts) {
      const text = (t.textContent ?? '').trim();
      seen.set(text, (seen.get(text) ?? 0) + 1);
    }
    const duplicateToasts = [...seen].filter(([, n]) => n > 1).map(([t, n]) => `${n}× "${t}"`);

    // Content: a visible text's line boxes, a control, an image; the top bar the toasts dock on is not content.
    const toastsOverContent: string[] = [];
    const isContent = (el: Element): boolean =>
      !el.closest('.Toastify, [data-toast-dock]') && isShown(el);
    const contentBoxes: { box: DOMRect; what: string }[] = [];
    for (const el of document.querySelectorAll('a, button, input, select, textarea, img, svg')) {
      if (isContent(el)) contentBoxes.push({ box: el.getBoundingClientRect(), what: describe(el) });
    }
    const texts = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = texts.nextNode(); node; node = texts.nextNode()) {
      const parent = node.parentElement;
      if (!parent || !(node.textContent ?? '').trim() || parent.closest('script, style, noscript'))
        continue;
      if (!isContent(parent)) continue;
      const lines = document.createRange();
      lines.selectNodeContents(node);
      for (const box of lines.getClientRects()) contentBoxes.push({ box, what: describe(parent) });
    }
    // Content scrolled under the (sticky) bar is hidden by the bar itself, toast or not.
    const bars = [...document.querySelectorAll('[data-toast-dock]')].map((d) =>
      d.getBoundingClientRect(),
    );
    const inside = (r: DOMRect, o: DOMRect) =>
      r.left >= o.left - 1 &&
      r.right <= o.right + 1 &&
      r.top >= o.top - 1 &&
      r.bottom <= o.bottom + 1;
    for (const t of toasts) {
      const tr = t.getBoundingClientRect();
      const under = contentBoxes.find(({ box }) => {
        const overlap = new DOMRect(
          Math.max(tr.left, box.left),
          Math.max(tr.top, box.top),
          Math.min(tr.right, box.right) - Math.max(tr.left, box.left),
          Math.min(tr.bottom, box.bottom) - Math.max(tr.top, box.top),
        );
        return overlap.width > 1 && overlap.height > 1 && !bars.some((b) => inside(overlap, b));
      });
      if (under) toastsOverContent.push(`"${(t.textContent ?? '').trim()}" over ${under.what}`);
    }

    return {
      sidewaysScroll,
      offScreen,
      brokenWords,
      defaultColouredLinks,
      duplicateToasts,
      toastsOverContent,
    };
  }, DEFAULT_LINK_COLOURS);
}

/** Saves a screenshot for a person to look at, then asserts the page has none of the defects. */
export async function checkLayout(page: Page, name: string, fullPage = true): Promise<void> {
  fs.mkdirSync(SCREENS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENS_DIR, `${name}.png`), fullPage });
  const report = await measureLayout(page);
  expect.soft(report.sidewaysScroll, `${name}: the page scrolls sideways`).toBe(0);
  expect.soft(report.offScreen, `${name}: controls off the screen`).toEqual([]);
  expect.soft(report.brokenWords, `${name}: words broken inside`).toEqual([]);
  expect.soft(report.defaultColouredLinks, `${name}: links in the default colour`).toEqual([]);
  expect.soft(report.duplicateToasts, `${name}: the same toast twice`).toEqual([]);
  expect.soft(report.toastsOverContent, `${name}: toasts over the page's content`).toEqual([]);
}

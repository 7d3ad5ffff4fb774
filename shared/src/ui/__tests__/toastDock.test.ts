// Where toasts sit: over the first top bar on screen, written onto <html> for the container's styles.
import { findDock, placeToasts, TOAST_DOCK_ATTRIBUTE } from '../toastDock';

function bar(box: { top: number; left: number; width: number; height: number }): HTMLElement {
  const el = document.createElement('header');
  el.setAttribute(TOAST_DOCK_ATTRIBUTE, '');
  el.getBoundingClientRect = () =>
    ({ ...box, right: box.left + box.width, bottom: box.top + box.height }) as DOMRect;
  document.body.append(el);
  return el;
}

afterEach(() => {
  document.body.innerHTML = '';
  document.documentElement.removeAttribute('data-toasts');
  document.documentElement.removeAttribute('style');
});

describe('the toast dock', () => {
  it("puts the toasts over the page's top bar", () => {
    bar({ top: 0, left: 280, width: 1000, height: 65 });
    expect(placeToasts(document)).toEqual({ top: 0, left: 280, width: 1000, height: 65 });
    const root = document.documentElement;
    expect(root.getAttribute('data-toasts')).toBe('docked');
    expect(root.style.getPropertyValue('--rf-toast-dock-left')).toBe('280px');
    expect(root.style.getPropertyValue('--rf-toast-dock-width')).toBe('1000px');
    expect(root.style.getPropertyValue('--rf-toast-dock-height')).toBe('65px');
  });

  it('passes over a bar that is not on screen (a hidden layout) for the next one', () => {
    bar({ top: 0, left: 0, width: 0, height: 0 });
    bar({ top: -80, left: 0, width: 390, height: 64 });
    bar({ top: 0, left: 0, width: 390, height: 97 });
    expect(findDock(document)).toEqual({ top: 0, left: 0, width: 390, height: 97 });
  });

  it('leaves the toasts at the bottom on a page without a bar, and after the bar has gone', () => {
    const header = bar({ top: 0, left: 0, width: 390, height: 64 });
    placeToasts(document);
    header.remove();
    expect(placeToasts(document)).toBeNull();
    expect(document.documentElement.hasAttribute('data-toasts')).toBe(false);
  });
});

// Where toasts sit: over the page's top bar (the site header, the dashboard's top bar), never over the page's
// content. The bar is navigation the visitor can do without for the few seconds a toast shows; content under a
// floating toast (the last resume of a list, a form's next step, operator tabs) is not. The bar marks itself
// with `data-toast-dock`; before each toast the dock is measured and its box written as CSS custom properties
// on <html>, which styles.css turns into the container's place. A page with no bar (sign-in, policies) keeps
// the toasts at the bottom, where those pages leave room.

/** The attribute a top bar carries to take the toasts. */
export const TOAST_DOCK_ATTRIBUTE = 'data-toast-dock';

/** The dock's box in the viewport, in CSS pixels. */
export interface DockBox {
  top: number;
  left: number;
  width: number;
  height: number;
}

/** The first top bar on screen (a rendered, non-empty box), or null on a page without one. */
export function findDock(doc: Document): DockBox | null {
  for (const el of doc.querySelectorAll(`[${TOAST_DOCK_ATTRIBUTE}]`)) {
    const box = el.getBoundingClientRect();
    if (box.width > 0 && box.height > 0 && box.bottom > 0) {
      return { top: Math.max(0, box.top), left: box.left, width: box.width, height: box.height };
    }
  }
  return null;
}

/** Writes the dock's box (or its absence) onto <html> for the toast container's styles. */
export function placeToasts(doc: Document = document): DockBox | null {
  const root = doc.documentElement;
  const dock = findDock(doc);
  if (!dock) {
    root.removeAttribute('data-toasts');
    return null;
  }
  root.setAttribute('data-toasts', 'docked');
  root.style.setProperty('--rf-toast-dock-top', `${dock.top}px`);
  root.style.setProperty('--rf-toast-dock-left', `${dock.left}px`);
  root.style.setProperty('--rf-toast-dock-width', `${dock.width}px`);
  root.style.setProperty('--rf-toast-dock-height', `${dock.height}px`);
  return dock;
}

// Whether a request's Accept takes a page: no Accept at all, `*/*` (curl, link-preview bots), `text/*`,
// `text/html` or XHTML, unless refused with q=0. Only a client that names other types alone (e.g.
// `application/json`) gets the plain-text 404 instead of the HTML page.
const PAGE_TYPES = ['text/html', 'application/xhtml+xml', '*/*', 'text/*'];

export function acceptsHtml(accept: string | undefined): boolean {
  if (accept === undefined || String(accept).trim() === '') return true;
  return String(accept)
    .split(',')
    .some((part) => {
      const [type = '', ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      if (q !== undefined && !(Number(q.slice(2)) > 0)) return false;
      return PAGE_TYPES.includes(type.trim());
    });
}

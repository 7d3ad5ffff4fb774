// Text put into the HTML the server writes.

/** Text safe inside an element or a double-quoted attribute. */
export const escapeHtml = (s: unknown): string =>
  String(s)
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');

/** JSON for a `<script>` block (data or JSON-LD): `<` escaped so no text in it can end the block. */
export const scriptJson = (value: unknown): string =>
  JSON.stringify(value).replace(/</g, '\\u003c');

/** A `<script type="application/json">` data block (the CSP does not treat it as a script). */
export const jsonBlock = (id: string, value: unknown): string =>
  `<script type="application/json" id="${id}">${scriptJson(value)}</script>`;

// The small pages the API itself answers to a browser (an e-mail's unsubscribe link): a title and a body.
import type { FastifyRequest } from 'fastify';
import { escapeHtml } from './notification-text';

/** A page with `title` as its heading and `body` (HTML, already escaped) under it. */
export function simplePage(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Referio</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;max-width:560px;margin:48px auto;padding:0 16px;color:#1f2937;line-height:1.5">
<main><h1 style="font-size:1.4rem">${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

/** Whether the client asked for a page (a browser following a link) rather than JSON. */
export const wantsHtml = (request: FastifyRequest): boolean =>
  String(request.headers.accept ?? '').includes('text/html');

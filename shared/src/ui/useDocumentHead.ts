import { useEffect } from 'react';

/** What a page says about itself to the browser tab, search engines and link previews. */
export interface PageHead {
  /** The whole `<title>`, e.g. 'Premium — Referio'. */
  title: string;
  /** One or two sentences for `<meta name="description">` and the sharing tags. */
  description: string;
}

/** The site's own head: pages without one of their own (the dashboard) show it. */
export const DEFAULT_HEAD: PageHead = {
  title: 'Referio — get referred to your next job',
  description:
    'Referio connects job seekers with employees who can refer them. Browse companies, request a referral with your resume and chat with your referrer.',
};

function setMeta(selector: string, content: string): void {
  document.head.querySelector(selector)?.setAttribute('content', content);
}

function apply(head: PageHead): void {
  document.title = head.title;
  setMeta('meta[name="description"]', head.description);
  setMeta('meta[property="og:title"]', head.title);
  setMeta('meta[property="og:description"]', head.description);
  setMeta('meta[name="twitter:title"]', head.title);
  setMeta('meta[name="twitter:description"]', head.description);
}

/**
 * The page's title and description while it is shown (the server already wrote them into the HTML it
 * rendered; this keeps them right when the user moves between pages in the browser). On the way out the
 * site's default head comes back.
 */
export function useDocumentHead(head: PageHead): void {
  const { title, description } = head;
  useEffect(() => {
    apply({ title, description });
    return () => apply(DEFAULT_HEAD);
  }, [title, description]);
}

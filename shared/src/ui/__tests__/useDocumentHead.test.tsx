import { render } from '@testing-library/react';
import { DEFAULT_HEAD, useDocumentHead, type PageHead } from '../useDocumentHead';

function Page({ head }: { head: PageHead }) {
  useDocumentHead(head);
  return null;
}

beforeEach(() => {
  document.head.innerHTML = [
    '<title>x</title>',
    '<meta name="description" content="x">',
    '<meta property="og:title" content="x">',
    '<meta property="og:description" content="x">',
    '<meta name="twitter:title" content="x">',
    '<meta name="twitter:description" content="x">',
  ].join('');
});

const meta = (selector: string) => document.head.querySelector(selector)?.getAttribute('content');

describe('useDocumentHead', () => {
  it("shows the page's title and description in the tab and the sharing tags while it is shown", () => {
    render(<Page head={{ title: 'Premium — Referio', description: 'The premium plan.' }} />);
    expect(document.title).toBe('Premium — Referio');
    expect(meta('meta[name="description"]')).toBe('The premium plan.');
    expect(meta('meta[property="og:title"]')).toBe('Premium — Referio');
    expect(meta('meta[name="twitter:description"]')).toBe('The premium plan.');
  });

  it("puts the site's own head back when the page goes", () => {
    const { unmount } = render(<Page head={{ title: 'Premium — Referio', description: 'd' }} />);
    unmount();
    expect(document.title).toBe(DEFAULT_HEAD.title);
    expect(meta('meta[name="description"]')).toBe(DEFAULT_HEAD.description);
  });
});

import { safeReturnPath, signInPathFor } from '../returnTo';

describe('the page sign-in returns to', () => {
  it('accepts a path of this site, with its query and fragment', () => {
    expect(safeReturnPath('/job-details/7f3a?from=list#top')).toBe(
      '/job-details/7f3a?from=list#top',
    );
  });

  it.each([
    ['an absolute URL', 'https://evil.example/phish'],
    ['a protocol-relative URL', '//evil.example'],
    ['a backslash host', '/\\evil.example'],
    ['a script', 'javascript:alert(1)'],
    ['a relative path', 'job-details/1'],
    ['a control character', '/job\u0000details'],
    ['the sign-in page itself', '/sign-in?next=/x'],
    ['nothing', ''],
  ])('refuses %s', (_what, raw) => {
    expect(safeReturnPath(raw)).toBeNull();
  });

  it('puts the current page into the sign-in address, encoded', () => {
    expect(signInPathFor('/job-details/abc?x=1')).toBe(
      '/sign-in?next=%2Fjob-details%2Fabc%3Fx%3D1',
    );
  });

  it('sends a plain sign-in from the home page to /sign-in without a return', () => {
    expect(signInPathFor('/')).toBe('/sign-in');
    expect(signInPathFor('//evil.example')).toBe('/sign-in');
  });
});

import { firstPageModule, isIslandsPage } from '../preload';

describe('firstPageModule', () => {
  it('names the remote page a plain URL shows', () => {
    expect(firstPageModule('/')).toBe('mfe_public/Landing');
    expect(firstPageModule('/company-list')).toBe('mfe_public/CompanyList');
    expect(firstPageModule('/company-list/')).toBe('mfe_public/CompanyList');
    expect(firstPageModule('/job-details/42')).toBe('mfe_public/JobDetails');
  });

  it('names nothing for the dashboard frame, unknown URLs and job details without an id', () => {
    expect(firstPageModule('/dashboard/explore')).toBeNull();
    expect(firstPageModule('/no-such-page')).toBeNull();
    expect(firstPageModule('/job-details')).toBeNull();
  });
});

describe('isIslandsPage', () => {
  const page = (html: string, marked = true) => {
    const doc = document.implementation.createHTMLDocument('');
    if (marked) doc.documentElement.setAttribute('data-islands', '');
    doc.body.innerHTML = `<div id="root">${html}</div>`;
    return doc;
  };
  const island = '<div data-island="shell/Navbar" style="display:contents"><header></header></div>';

  it('is true for a page the server marked that came with its data and has an island', () => {
    expect(isIslandsPage(page(island))).toBe(true);
  });

  it('is false for an unmarked page, a page showing a spinner (no data) and a page without islands', () => {
    expect(isIslandsPage(page(island, false))).toBe(false);
    expect(isIslandsPage(page(`${island}<span class="rf-spinner"></span>`))).toBe(false);
    expect(isIslandsPage(page('<main></main>'))).toBe(false);
  });
});

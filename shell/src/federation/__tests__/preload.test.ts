import { firstPageModule } from '../preload';

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

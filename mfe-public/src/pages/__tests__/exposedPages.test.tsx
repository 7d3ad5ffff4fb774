import path from 'node:path';
import { screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { api, describeExposedPages, renderPage } from '@referio/shared/test-utils';

// The modules the shell loads from this remote (docs/foundation-interfaces.md) and the heading each shows.
const exposed: [module: string, heading: string][] = [
  ['Landing', 'Get referred to the job you want'],
  ['SignIn', 'Sign In'],
  ['SignUp', 'Sign Up'],
  ['CompanyList', 'Browse Companies'],
  ['JobDetails', 'Job Details'],
  ['CompanyPage', 'Company not found'],
  ['BecomeReferrer', 'Become a Referrer'],
  ['ContactUs', 'Contact Us'],
  ['Premium', 'Premium'],
  ['PrivacyPolicy', 'Privacy Policy'],
  ['TermsAndConditions', 'Terms and Conditions'],
  ['RefundPolicy', 'Refund and Cancellation Policy'],
  ['Suspended', 'Your account is suspended'],
];

/** A page of this remote at '/', the lists it loads empty. */
function renderPublicPage(Page: ComponentType) {
  api.getAuthConfig.mockResolvedValue({ googleClientId: null });
  api.getAllCompany.mockResolvedValue({ data: [], total: 0 });
  api.getAllTestimonials.mockResolvedValue([]);
  api.getAllJobPost.mockResolvedValue({ data: [], total: 0 });
  return renderPage(<Page />, { url: '/' });
}

describeExposedPages({
  remoteDir: path.join(__dirname, '..', '..', '..'),
  exposed,
  load: (name) => import(`../${name}/index.tsx`),
  render: renderPublicPage,
  noMainLandmark: true,
});

describe('the landing page', () => {
  it("leads to the company list with 'Get Referred Now'", async () => {
    const { default: Landing } = await import('../Landing');
    renderPublicPage(Landing);
    expect(screen.getByRole('link', { name: 'Get Referred Now' })).toHaveAttribute(
      'href',
      '/company-list',
    );
  });
});

describe('the policy pages', () => {
  it.each(['PrivacyPolicy', 'TermsAndConditions', 'RefundPolicy'])(
    '%s, shown without the site header, links home',
    async (name) => {
      const mod = (await import(`../${name}/index.tsx`)) as { default: ComponentType };
      renderPublicPage(mod.default);
      expect(screen.getByRole('link', { name: 'Referio home' })).toHaveAttribute('href', '/');
    },
  );

  it('the refund policy says the platform is currently free', async () => {
    const { default: RefundPolicy } = await import('../RefundPolicy');
    renderPublicPage(RefundPolicy);
    expect(screen.getByText(/currently free, with no charges/)).toBeInTheDocument();
  });
});

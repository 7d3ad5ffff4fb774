import { render, screen } from '@testing-library/react';
import { VerifiedBadge } from '../VerifiedBadge';

describe('VerifiedBadge', () => {
  it('says "Verified at {company}" for a poster verified at a confirmed domain', () => {
    render(<VerifiedBadge companyName="Acme Corp" status="confirmed" />);
    const badge = screen.getByText('Verified at Acme Corp');
    expect(badge).toHaveClass('rf-verified-badge--confirmed');
    expect(badge).not.toHaveAttribute('title');
  });

  it("says the domain is unconfirmed while it is only the company's first referrer's", () => {
    render(<VerifiedBadge companyName="Initech" status="unconfirmed" />);
    const badge = screen.getByText('Verified at Initech (domain unconfirmed)');
    expect(badge).toHaveClass('rf-verified-badge--unconfirmed');
    expect(badge.getAttribute('title')).toMatch(/second colleague/);
  });

  it('shows nothing for a poster not verified at the company', () => {
    const { container } = render(<VerifiedBadge companyName="Acme Corp" status={null} />);
    expect(container).toBeEmptyDOMElement();
  });
});

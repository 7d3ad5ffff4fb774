import { render, screen } from '@testing-library/react';
import { VerifiedBadge } from '../VerifiedBadge';

describe('VerifiedBadge', () => {
  it('says "Verified at {company}" and the domain when the domain is confirmed for the company', () => {
    render(<VerifiedBadge companyName="Acme Corp" status="confirmed" domain="acme-corp.com" />);
    const badge = screen.getByText('Verified at Acme Corp · @acme-corp.com');
    expect(badge).toHaveClass('rf-verified-badge--confirmed');
    expect(badge).not.toHaveAttribute('title');
  });

  it('says only the domain while it is not confirmed for the company (a self-claimed domain)', () => {
    render(
      <VerifiedBadge companyName="Google" status="unconfirmed" domain="goog-careers.example" />,
    );
    const badge = screen.getByText('Verified · @goog-careers.example');
    expect(badge).toHaveClass('rf-verified-badge--unconfirmed');
    expect(badge.getAttribute('title')).toBe(
      'This referrer proved an address at goog-careers.example. Referio has not confirmed that goog-careers.example belongs to Google.',
    );
    expect(screen.queryByText(/Verified at Google/)).not.toBeInTheDocument();
  });

  it('says only the domain for a referrer verified elsewhere, and nothing without a verified domain', () => {
    const { unmount } = render(
      <VerifiedBadge companyName="Acme Corp" status={null} domain="globex.example" />,
    );
    expect(screen.getByText('Verified · @globex.example')).toBeInTheDocument();
    unmount();
    const { container } = render(
      <VerifiedBadge companyName="Acme Corp" status={null} domain={null} />,
    );
    expect(container).toBeEmptyDOMElement();
  });

  it('names no company where none is given (a chat peer whose domain no company has)', () => {
    render(<VerifiedBadge companyName={null} status="confirmed" domain="hooli.example" />);
    const badge = screen.getByText('Verified · @hooli.example');
    expect(badge).toHaveClass('rf-verified-badge--unconfirmed');
    expect(badge.getAttribute('title')).toBe(
      'This person proved an address at hooli.example. Referio has not confirmed which company hooli.example belongs to.',
    );
  });
});

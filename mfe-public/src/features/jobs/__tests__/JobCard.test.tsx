import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { JobCard } from '../components/JobCard';
import { JOB_ID, makeJob } from '@referio/shared/test-utils';
import type { JobPost } from '@referio/shared';

const NOW = new Date('2026-03-04T10:00:00.000Z');

function renderCard(overrides: Partial<JobPost> = {}) {
  return render(
    <MemoryRouter>
      <JobCard job={makeJob({ _id: JOB_ID, ...overrides })} now={NOW} />
    </MemoryRouter>,
  );
}

describe('a job card', () => {
  it('shows the title, company, job type, location and the salary in LPA', () => {
    renderCard();
    const card = screen.getByRole('article', { name: 'Frontend Engineer' });
    expect(within(card).getByRole('heading', { name: 'Frontend Engineer' })).toBeInTheDocument();
    expect(within(card).getByText('Acme')).toBeInTheDocument();
    expect(within(card).getByText('Full-time')).toBeInTheDocument();
    expect(within(card).getByText('Bengaluru · Hybrid')).toBeInTheDocument();
    expect(within(card).getByText('₹12-18 LPA')).toBeInTheDocument();
  });

  it('says how long ago the job was posted', () => {
    renderCard();
    expect(screen.getByText('3 days ago')).toHaveAttribute('datetime', '2026-03-01T10:00:00.000Z');
  });

  it('shows skill names whole, cutting only a really long one but keeping its whole name for screen readers', () => {
    const long = 'Amazon Web Services (AWS) Lambda';
    renderCard({ requiredSkills: [long, 'JavaScript'] });
    const skills = within(screen.getByRole('list', { name: 'Skills' })).getAllByRole('listitem');
    expect(skills[0]).toHaveAttribute('title', long);
    expect(within(skills[0]!).getByText('Amazon Web Services (AWS…')).toHaveAttribute(
      'aria-hidden',
      'true',
    );
    expect(within(skills[0]!).getByRole('button', { name: long })).toBeInTheDocument();
    expect(skills[1]).toHaveTextContent(/^JavaScript$/);
  });

  it("shows at most 8 skills and counts the rest as '+N more'", () => {
    const skills = Array.from({ length: 11 }, (_, i) => `S${i + 1}`);
    renderCard({ requiredSkills: skills });
    const items = within(screen.getByRole('list', { name: 'Skills' })).getAllByRole('listitem');
    expect(items).toHaveLength(9);
    expect(items[7]).toHaveTextContent('S8');
    expect(items[8]).toHaveTextContent('+3 more');
  });

  it("has no '+N more' with 8 skills or fewer", () => {
    renderCard({ requiredSkills: ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'] });
    expect(screen.queryByText(/more$/)).not.toBeInTheDocument();
  });

  it("shows the 'Applied' badge only on jobs the user asked a referral for", () => {
    const { unmount } = renderCard({ isApplied: true });
    expect(screen.getByText('Applied')).toBeInTheDocument();
    unmount();
    renderCard({ isApplied: false });
    expect(screen.queryByText('Applied')).not.toBeInTheDocument();
  });

  it("shows the verified domain, and 'Verified at {company}' only for a domain confirmed for the company", () => {
    const { unmount } = renderCard({
      companyName: 'Acme Corp',
      verifiedAtCompany: 'confirmed',
      verifiedDomain: 'acme-corp.com',
    });
    expect(screen.getByText('Verified at Acme Corp · @acme-corp.com')).toBeInTheDocument();
    unmount();
    const second = renderCard({
      companyName: 'Google',
      verifiedAtCompany: 'unconfirmed',
      verifiedDomain: 'goog-careers.example',
    });
    expect(screen.getByText('Verified · @goog-careers.example')).toBeInTheDocument();
    expect(screen.queryByText(/^Verified at/)).not.toBeInTheDocument();
    second.unmount();
    renderCard({ verifiedAtCompany: null, verifiedDomain: null });
    expect(screen.queryByText(/^Verified/)).not.toBeInTheDocument();
  });

  it("leads to the job's details with 'See Details'", () => {
    renderCard();
    expect(screen.getByRole('link', { name: 'See Details' })).toHaveAttribute(
      'href',
      `/job-details/${JOB_ID}`,
    );
  });
});

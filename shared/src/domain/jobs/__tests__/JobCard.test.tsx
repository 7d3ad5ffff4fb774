import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { JobCard, JobFacts } from '..';

const job = { jobTitle: 'Frontend Engineer', companyName: 'Acme' };

describe('JobCard', () => {
  it('is an article named by its title, with the company under it', () => {
    render(<JobCard job={job} />);
    const card = screen.getByRole('article', { name: 'Frontend Engineer' });
    expect(
      within(card).getByRole('heading', { level: 3, name: 'Frontend Engineer' }),
    ).toBeVisible();
    expect(within(card).getByText('Acme')).toBeInTheDocument();
  });

  it('takes a heading level and an accessible name of its own', () => {
    render(<JobCard job={job} headingLevel={2} label="Frontend Engineer at Acme" />);
    expect(screen.getByRole('article', { name: 'Frontend Engineer at Acme' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Frontend Engineer');
  });

  it('shows what the page puts above, beside, inside and at the foot', async () => {
    const onClick = jest.fn();
    render(
      <JobCard
        job={job}
        top={<span>logo</span>}
        aside={<span>Applied</span>}
        actions={
          <button type="button" onClick={onClick}>
            See Details
          </button>
        }
      >
        <p>3 days ago</p>
      </JobCard>,
    );
    const card = screen.getByRole('article');
    for (const text of ['logo', 'Applied', '3 days ago']) {
      expect(within(card).getByText(text)).toBeInTheDocument();
    }
    await userEvent.click(within(card).getByRole('button', { name: 'See Details' }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it("hands the title's id to actions that describe themselves by it", () => {
    render(
      <JobCard
        job={job}
        actions={(titleId) => (
          <a href="/x" aria-describedby={titleId}>
            See Details
          </a>
        )}
      />,
    );
    expect(screen.getByRole('link', { name: 'See Details' })).toHaveAccessibleDescription(
      'Frontend Engineer',
    );
  });

  it('has no action row without actions', () => {
    const { container } = render(<JobCard job={job} />);
    expect(container.querySelector('.rf-job__actions')).toBeNull();
  });
});

describe('JobFacts', () => {
  it('lists each fact as a term and its value, in order', () => {
    render(
      <JobFacts
        facts={[
          { label: 'Location', value: 'Remote' },
          { label: 'Salary', value: '₹12-18 LPA' },
        ]}
      />,
    );
    const terms = screen.getAllByRole('term').map((t) => t.textContent);
    const values = screen.getAllByRole('definition').map((d) => d.textContent);
    expect(terms).toEqual(['Location', 'Salary']);
    expect(values).toEqual(['Remote', '₹12-18 LPA']);
  });

  it('lays the facts out in rows when asked', () => {
    const { container } = render(
      <JobFacts layout="rows" facts={[{ label: 'Type', value: 'Contract' }]} />,
    );
    expect(container.querySelector('dl')).toHaveClass('rf-facts', 'rf-facts--rows');
  });
});

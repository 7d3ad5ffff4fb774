import { render, screen } from '@testing-library/react';
import { matchSummaryText, type MatchSummary } from '@referio/shared';
import { MatchSummaryView } from '..';

const read: MatchSummary = {
  status: 'read',
  matched: ['React', 'TypeScript'],
  missing: ['Go'],
  years: 5,
  jobExperience: '3-6',
};

describe('the match summary texts', () => {
  it('name the skills found and missing, then the years beside the band', () => {
    expect(matchSummaryText(read)).toBe(
      'Matches 2 of 3 skills: React, TypeScript; missing: Go · About 5 years of experience (job asks 3–6 years)',
    );
    expect(
      matchSummaryText({ ...read, matched: [], missing: ['Go'], years: 1, jobExperience: null }),
    ).toBe('Matches 0 of 1 skill; missing: Go · About 1 year of experience');
    expect(matchSummaryText({ ...read, matched: ['Go'], missing: [], years: 0 })).toBe(
      'Matches 1 of 1 skill: Go · Less than a year of experience (job asks 3–6 years)',
    );
    expect(matchSummaryText({ ...read, matched: [], missing: [], years: null })).toBe(
      'The job lists no skills · Years of experience not found (job asks 3–6 years)',
    );
  });

  it('say why a resume could not be read, and nothing else', () => {
    const unread = { ...read, matched: [], missing: [], years: null };
    expect(matchSummaryText({ ...unread, status: 'unreadable' })).toBe(
      "Couldn't read this resume: the PDF is damaged or password-protected.",
    );
    expect(matchSummaryText({ ...unread, status: 'not_pdf' })).toBe(
      "Couldn't read this resume: match summaries read PDF files only.",
    );
    expect(matchSummaryText({ ...unread, status: 'no_resume' })).toBe(
      'No resume is kept with this request.',
    );
  });
});

describe('MatchSummaryView', () => {
  it('is a group named "Resume match" with one line each for skills and experience', () => {
    render(<MatchSummaryView summary={read} />);
    const group = screen.getByRole('group', { name: 'Resume match' });
    expect(group).toHaveTextContent('Matches 2 of 3 skills: React, TypeScript; missing: Go');
    expect(group).toHaveTextContent('About 5 years of experience (job asks 3–6 years)');
    expect(group).not.toHaveAttribute('aria-live');
  });

  it('says it is reading while it loads, and announces the summary in a dialog', () => {
    const { rerender } = render(<MatchSummaryView summary={undefined} live />);
    const group = screen.getByRole('group', { name: 'Resume match' });
    expect(group).toHaveAttribute('aria-busy', 'true');
    expect(group).toHaveAttribute('aria-live', 'polite');
    expect(group).toHaveTextContent('Reading the resume…');
    rerender(<MatchSummaryView summary={read} live />);
    expect(group).not.toHaveAttribute('aria-busy');
  });

  it('says when it could not be loaded', () => {
    render(<MatchSummaryView summary={undefined} failed />);
    expect(screen.getByRole('group')).toHaveTextContent('The match summary could not be loaded.');
  });
});

// The match summary's rules over text (no database): skills found by whole words and aliases, years of
// experience from stated years or date ranges; and the PDF reader's worker with its limits.
import { extractPdfText, DEFAULT_PDF_LIMITS } from '../src/lib/pdf-text';
import { matchSkills, rangeMonths, statedYears, yearsOfExperience } from '../src/lib/resume-match';
import { PDF } from './market-fixtures';
import { noTextPdf, passwordPdf, textPdf } from './pdf-fixtures';

const NOW = new Date('2026-11-27T12:00:00Z');

describe('skills', () => {
  it("finds the job's skills by whole word, any case, in the job's spelling and order", () => {
    const text = 'Built UIs in react and TYPESCRIPT; some Java. Docker daily.';
    expect(
      matchSkills(text, ['TypeScript', 'React', 'JavaScript', 'Docker', 'Kubernetes']),
    ).toEqual({
      matched: ['TypeScript', 'React', 'Docker'],
      missing: ['JavaScript', 'Kubernetes'],
    });
  });

  it('knows common aliases both ways', () => {
    const text = 'JS, Postgres, NodeJS, k8s, Golang, AWS, Machine-Learning';
    expect(
      matchSkills(text, [
        'JavaScript',
        'PostgreSQL',
        'Node.js',
        'Kubernetes',
        'Go',
        'Amazon Web Services',
        'Machine Learning',
      ]).missing,
    ).toEqual([]);
    expect(matchSkills('JavaScript and PostgreSQL', ['JS', 'Postgres']).matched).toEqual([
      'JS',
      'Postgres',
    ]);
  });

  it('does not find a name inside a longer one, nor "C" in "C++"', () => {
    expect(
      matchSkills('Javascript, C++, Reactive streams', ['Java', 'C', 'React']).matched,
    ).toEqual([]);
    expect(matchSkills('C, C++ and C#', ['C', 'C++', 'C#']).matched).toEqual(['C', 'C++', 'C#']);
  });

  it('finds a name of two letters or fewer only capitalised ("Go", not the verb "go")', () => {
    expect(matchSkills('ready to go the extra mile in r&d', ['Go', 'R']).matched).toEqual([]);
    expect(matchSkills('Languages: Go, R', ['Go', 'R']).matched).toEqual(['Go', 'R']);
  });

  it('counts a skill the job lists twice once, and ignores blank ones', () => {
    expect(matchSkills('React', ['React', 'react ', ' '])).toEqual({
      matched: ['React'],
      missing: [],
    });
  });
});

describe('years of experience', () => {
  it('takes the largest stated number of years', () => {
    expect(statedYears('5+ years of experience; 2 years of Java experience')).toBe(5);
    expect(statedYears('Experience: 7 yrs')).toBe(7);
    expect(statedYears('3 years in a row')).toBeNull();
    expect(yearsOfExperience('Engineer with 6.5 years of professional experience', NOW)).toBe(6);
  });

  it('else adds up the date ranges, overlaps once, "Present" as today', () => {
    const text = 'Acme, Jan 2020 - Present\nBeta, 03/2016 – 06/2019\nGamma, 2019 to 2020';
    // Jan 2020 → Nov 2026 (82 months), Mar 2016 → Jun 2019 (39), Jan 2019 → Jan 2020 (5 not yet counted).
    expect(rangeMonths(text, NOW)).toBe(82 + 39 + 7);
    expect(yearsOfExperience(text, NOW)).toBe(10);
  });

  it('leaves out the lines of studies and impossible ranges', () => {
    const text = 'B.Tech, Some University, 2012 - 2016\nAcme, 2021 - 2019\nFuture, 2030 - 2031';
    expect(yearsOfExperience(text, NOW)).toBeNull();
    expect(yearsOfExperience('Acme Corp, June 2025 - Present', NOW)).toBe(1);
    expect(yearsOfExperience('Intern, Jun 2026 - Aug 2026', NOW)).toBe(0);
  });

  it('prefers what the resume states over its dates, and is null without either', () => {
    expect(yearsOfExperience('4 years of experience\nAcme 2010 - Present', NOW)).toBe(4);
    expect(yearsOfExperience('Hello world', NOW)).toBeNull();
  });
});

describe('the PDF reader', () => {
  const limits = { ...DEFAULT_PDF_LIMITS, timeoutMs: 60_000 };

  it("reads a PDF's text in a reader process", async () => {
    const result = await extractPdfText(textPdf(['Jane Doe', 'Skills: React, TypeScript']), limits);
    expect(result).toEqual({ outcome: 'read', text: expect.stringContaining('Skills: React') });
  });

  it('says a broken, a password-protected and a text-less PDF cannot be read', async () => {
    expect(await extractPdfText(PDF, limits)).toEqual({ outcome: 'unreadable' });
    expect(await extractPdfText(passwordPdf(), limits)).toEqual({ outcome: 'unreadable' });
    expect(await extractPdfText(noTextPdf(), limits)).toEqual({ outcome: 'no_text' });
  });

  it('kills a reader that runs past its time limit', async () => {
    const forever = 'for (;;) {}';
    expect(await extractPdfText(PDF, { ...limits, timeoutMs: 200 }, forever)).toEqual({
      outcome: 'too_slow',
    });
  });

  it('stops a reader at its memory limit', async () => {
    const hog = 'const kept = []; for (;;) kept.push(new Array(100000).fill(Math.random()));';
    expect(await extractPdfText(PDF, { ...limits, memoryMb: 16 }, hog)).toEqual({
      outcome: 'too_large',
    });
  });

  it('keeps at most maxChars characters', async () => {
    const lines = Array.from({ length: 40 }, (_, i) => `Line ${i} of a long resume`);
    const result = await extractPdfText(textPdf(lines), { ...limits, maxChars: 100 });
    expect(result.outcome).toBe('read');
    expect(result.outcome === 'read' && result.text.length).toBe(100);
  });
});

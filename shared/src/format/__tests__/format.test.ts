import {
  initials,
  cutSkill,
  formatBytes,
  formatDate,
  formatJobLocation,
  formatLpa,
  padTwo,
  relativeTime,
  visibleSkills,
} from '../format';

describe('formatters', () => {
  it('shows a salary range in rupees LPA without doubling the unit', () => {
    expect(formatLpa('12-18')).toBe('₹12-18 LPA');
    expect(formatLpa('₹12-18 lpa')).toBe('₹12-18 LPA');
    expect(formatLpa('')).toBe('');
  });

  it('formats dates as dd Mon yyyy and leaves invalid ones blank', () => {
    expect(formatDate(new Date(2026, 2, 5, 10))).toBe('05 Mar 2026');
    expect(formatDate('2026-03-05T10:00:00')).toBe('05 Mar 2026');
    expect(formatDate('not a date')).toBe('');
    expect(formatDate(null)).toBe('');
  });

  it('says how long ago something happened', () => {
    const now = new Date('2026-03-10T12:00:00Z');
    expect(relativeTime('2026-03-10T11:59:30Z', now)).toBe('just now');
    expect(relativeTime('2026-03-10T11:55:00Z', now)).toBe('5 minutes ago');
    expect(relativeTime('2026-03-10T11:00:00Z', now)).toBe('1 hour ago');
    expect(relativeTime('2026-03-07T12:00:00Z', now)).toBe('3 days ago');
    expect(relativeTime('2026-01-01T12:00:00Z', now)).toBe('2 months ago');
    expect(relativeTime('2026-03-11T12:00:00Z', now)).toBe('just now');
  });

  it('pads page numbers to two digits', () => {
    expect(padTwo(2)).toBe('02');
    expect(padTwo(12)).toBe('12');
  });

  it('keeps usual skill names whole, cuts only really long ones, and counts the ones not shown', () => {
    expect(cutSkill('JavaScript')).toBe('JavaScript');
    expect(cutSkill('Amazon Web Services (AWS) Lambda')).toBe('Amazon Web Services (AWS');
    expect(cutSkill('React', 3)).toBe('Rea');
    expect(visibleSkills(['a', 'b', 'c', 'd'], 3)).toEqual({ shown: ['a', 'b', 'c'], more: 1 });
    expect(visibleSkills(undefined, 3)).toEqual({ shown: [], more: 0 });
  });

  it('shows file sizes in B, KB and MB', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5.0 MB');
  });
});

describe('formatJobLocation', () => {
  it('does not repeat the work mode when the address already names it', () => {
    expect(formatJobLocation('Remote', 'Remote, India')).toBe('Remote, India');
    expect(formatJobLocation('Remote', 'remote (India)')).toBe('remote (India)');
  });

  it('puts the work mode before an address that does not name it', () => {
    expect(formatJobLocation('Hybrid', '1 Residency Road, Bengaluru')).toBe(
      'Hybrid, 1 Residency Road, Bengaluru',
    );
    expect(formatJobLocation('On-site', 'Pune', ' · ')).toBe('On-site · Pune');
  });

  it('shows whichever part exists when the other is blank', () => {
    expect(formatJobLocation('Remote', '')).toBe('Remote');
    expect(formatJobLocation('', 'Pune')).toBe('Pune');
  });
});

describe('initials', () => {
  it.each([
    ['Ana Rao', 'AR'],
    ['ana maria rao', 'AR'],
    ['ana.rao', 'AR'],
    ['  Ana  ', 'A'],
    ['', '?'],
  ])('%j → %s', (name, expected) => {
    expect(initials(name)).toBe(expected);
  });
});

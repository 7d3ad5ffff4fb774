import { act, renderHook } from '@testing-library/react';
import { jobCountLabel, readJobFilters } from '../../contract/filters';
import { parsePage, useSearchInput } from '../useJobListParams';

describe('the page query parameter', () => {
  it.each([
    [null, 1],
    ['', 1],
    ['1', 1],
    ['2', 2],
    ['12', 12],
    ['0', 1],
    ['-3', 1],
    ['2.5', 1],
    ['abc', 1],
    ['99999999999999999999', 1],
  ])('reads %p as page %p', (raw, page) => {
    expect(parsePage(raw)).toBe(page);
  });
});

describe('the filters of a query string', () => {
  it('keeps the values the API accepts and drops the others', () => {
    const params = new URLSearchParams(
      'jobType=Contract&location=remote&industry=it&experience=3-6&company=not-an-id',
    );
    expect(readJobFilters(params)).toEqual({
      jobType: 'Contract',
      industry: 'it',
      experience: '3-6',
    });
  });

  it('reads a company id in any case as lower case', () => {
    const params = new URLSearchParams('company=3F1E5C2A-8B7D-4E6F-9A0B-1C2D3E4F5A6B');
    expect(readJobFilters(params)).toEqual({ company: '3f1e5c2a-8b7d-4e6f-9a0b-1c2d3e4f5a6b' });
  });
});

describe('the job count label', () => {
  it.each([
    [0, false, '0 jobs'],
    [1, false, '1 job'],
    [12, false, '12 jobs'],
    [1000, true, '1,000+ jobs'],
  ])('reads %p (capped %p) as %p', (total, capped, label) => {
    expect(jobCountLabel(total, capped)).toBe(label);
  });
});

describe('the search box over the URL', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('sends the typed text once it settles', () => {
    const setSearch = jest.fn();
    const { result } = renderHook(() => useSearchInput('', setSearch));
    act(() => result.current.setInput('re'));
    act(() => jest.advanceTimersByTime(500));
    expect(setSearch).toHaveBeenLastCalledWith('re');
  });

  it('keeps a suggestion picked as the text settled, not the text typed before it', () => {
    const setSearch = jest.fn();
    const { result } = renderHook(() => useSearchInput('', setSearch));
    act(() => result.current.setInput('re'));
    act(() => {
      jest.advanceTimersByTime(500);
      result.current.setInput('React');
      result.current.submit('React');
    });
    act(() => jest.advanceTimersByTime(500));
    expect(setSearch).toHaveBeenLastCalledWith('React');
    expect(setSearch).not.toHaveBeenCalledWith('re');
  });
});

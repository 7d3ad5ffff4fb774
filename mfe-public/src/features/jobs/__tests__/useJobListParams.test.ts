import { parsePage } from '../hooks/useJobListParams';

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

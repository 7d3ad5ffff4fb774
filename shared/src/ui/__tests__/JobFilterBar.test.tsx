import { renderToString } from 'react-dom/server';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { JobFilterBar } from '../JobFilterBar';
import { useJobListParams } from '../useJobListParams';

const COMPANY = '3f1e5c2a-8b7d-4e6f-9a0b-1c2d3e4f5a6b';

/** The filter bar wired to the URL, as the three job lists use it, with the URL shown. */
function FilteredList({ companyName }: { companyName?: string }) {
  const { filters, page, setFilter, clearFilters, setPage } = useJobListParams();
  const location = useLocation();
  return (
    <>
      <JobFilterBar
        filters={filters}
        onChange={setFilter}
        onClearAll={clearFilters}
        companyName={companyName}
      />
      <button type="button" onClick={() => setPage(page + 1)}>
        Next page
      </button>
      <output aria-label="URL">{location.search}</output>
    </>
  );
}

const url = () => screen.getByRole('status', { name: 'URL' }).textContent;
const renderAt = (entry: string, companyName?: string) =>
  render(
    <MemoryRouter initialEntries={[entry]}>
      <FilteredList companyName={companyName} />
    </MemoryRouter>,
  );

describe('JobFilterBar with useJobListParams', () => {
  it('offers the four filters with "Any" and shows no chips when none is set', () => {
    renderAt('/company-list');
    const group = screen.getByRole('group', { name: 'Filter jobs' });
    expect(group).toBeInTheDocument();
    for (const name of ['Job type', 'Location type', 'Industry', 'Experience']) {
      expect(screen.getByRole('combobox', { name })).toHaveValue('');
    }
    expect(screen.getByRole('option', { name: '3-6 years' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Active filters' })).not.toBeInTheDocument();
  });

  it('puts a chosen filter in the URL beside the search, back on page 1, and shows it as a chip', async () => {
    const user = userEvent.setup({ delay: null });
    renderAt('/company-list?search=react&page=3');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Job type' }), 'Contract');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Location type' }), 'Remote');
    expect(url()).toBe('?search=react&jobType=Contract&location=Remote');
    const chips = screen.getByRole('list', { name: 'Active filters' });
    expect(chips).toHaveTextContent('Job type: Contract');
    expect(chips).toHaveTextContent('Location type: Remote');
  });

  it('reads the filters of a link, dropping values that are not filters', () => {
    renderAt(
      `/company-list?industry=it&experience=3-6&jobType=Freelance&company=${COMPANY}`,
      'Globex',
    );
    expect(screen.getByRole('combobox', { name: 'Industry' })).toHaveValue('it');
    expect(screen.getByRole('combobox', { name: 'Job type' })).toHaveValue('');
    const chips = screen.getByRole('list', { name: 'Active filters' });
    expect(chips).toHaveTextContent('Industry: IT');
    expect(chips).toHaveTextContent('Experience: 3-6 years');
    expect(chips).toHaveTextContent('Company: Globex');
  });

  it('removes a filter with its chip and moves the focus to that filter', async () => {
    const user = userEvent.setup({ delay: null });
    renderAt(`/company-list?jobType=Contract&location=Hybrid&page=2`);
    await user.click(screen.getByRole('button', { name: 'Remove filter Location type: Hybrid' }));
    expect(url()).toBe('?jobType=Contract');
    expect(screen.getByRole('combobox', { name: 'Location type' })).toHaveFocus();
  });

  it('"Clear all" removes every filter and keeps the search', async () => {
    const user = userEvent.setup({ delay: null });
    renderAt(`/company-list?search=go&jobType=Contract&company=${COMPANY}`);
    await user.click(screen.getByRole('button', { name: 'Clear all' }));
    expect(url()).toBe('?search=go');
    expect(screen.queryByRole('list', { name: 'Active filters' })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Job type' })).toHaveFocus();
  });

  it('keeps the filters when paging', async () => {
    const user = userEvent.setup({ delay: null });
    renderAt('/company-list?experience=9-12');
    await act(() => user.click(screen.getByRole('button', { name: 'Next page' })));
    expect(url()).toBe('?experience=9-12&page=2');
  });
});

describe('JobFilterBar in a page the server rendered', () => {
  it('sends its selects disabled, so no choice is made before React owns them (and undone when it does)', () => {
    const html = renderToString(
      <JobFilterBar filters={{}} onChange={jest.fn()} onClearAll={jest.fn()} />,
    );
    const selects = html.match(/<select[^>]*>/g) ?? [];
    expect(selects).toHaveLength(4);
    for (const select of selects) expect(select).toContain('disabled');
  });

  it('renders them enabled in the browser', () => {
    render(<JobFilterBar filters={{}} onChange={jest.fn()} onClearAll={jest.fn()} />);
    for (const select of screen.getAllByRole('combobox')) expect(select).toBeEnabled();
  });
});

import { useState } from 'react';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { type JobSuggestion } from '@referio/shared';
import { api } from '@referio/shared/test-utils';
import { SuggestSearch } from '../components/SuggestSearch';
import { HeroSearch } from '../../landing/components/HeroSearch';

const REACT: JobSuggestion = { kind: 'skill', label: 'React', jobs: 30 };
const RECRUITER: JobSuggestion = { kind: 'title', label: 'Recruiter', jobs: 12 };
const REDWOOD: JobSuggestion = {
  kind: 'company',
  label: 'Redwood Labs',
  companyId: 'c-1',
  jobs: 4,
};
const ANSWER = [REACT, RECRUITER, REDWOOD];

/** The box with its own text, as a page holds it; `onPick` and `onSubmit` observed. */
function Box(props: { onPick?: (s: JobSuggestion) => void; onSubmit?: (v: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <SuggestSearch
      id="box"
      label="Search companies and job roles"
      placeholder="Browse companies & Job Roles"
      value={value}
      onChange={setValue}
      onPick={props.onPick ?? jest.fn()}
      onSubmit={props.onSubmit ?? jest.fn()}
    />
  );
}

const field = () => screen.getByRole('combobox', { name: 'Search companies and job roles' });
const options = () =>
  within(screen.getByRole('listbox', { name: 'Suggestions' })).getAllByRole('option');

/** Types `text` and waits for the list of `count` suggestions. */
async function typeAndOpen(user: ReturnType<typeof userEvent.setup>, text: string, count = 3) {
  await user.type(field(), text);
  await waitFor(() => expect(options()).toHaveLength(count));
}

describe('the search box with suggestions', () => {
  beforeEach(() => api.getJobSuggestions.mockResolvedValue(ANSWER));

  it('is a combobox that opens a listbox of suggestions, each saying its kind', async () => {
    const user = userEvent.setup();
    render(<Box />);
    expect(field()).toHaveAttribute('aria-expanded', 'false');
    expect(field()).toHaveAttribute('aria-controls', 'box-suggestions');
    await typeAndOpen(user, 're');
    expect(api.getJobSuggestions).toHaveBeenLastCalledWith('re', expect.any(AbortSignal));
    expect(field()).toHaveAttribute('aria-expanded', 'true');
    expect(options().map((o) => o.getAttribute('aria-label'))).toEqual([
      'React, Skill',
      'Recruiter, Job title',
      'Redwood Labs, Company',
    ]);
    expect(options()[2]).toHaveTextContent('Redwood LabsCompany');
    expect(screen.getByRole('option', { name: 'Redwood Labs, Company' })).toBeInTheDocument();
  });

  it('moves with Down and Up (wrapping), picks with Enter and closes', async () => {
    const user = userEvent.setup();
    const onPick = jest.fn();
    const onSubmit = jest.fn();
    render(<Box onPick={onPick} onSubmit={onSubmit} />);
    await typeAndOpen(user, 're');
    expect(field()).not.toHaveAttribute('aria-activedescendant');

    await user.keyboard('{ArrowDown}');
    expect(field()).toHaveAttribute('aria-activedescendant', 'box-suggestion-0');
    expect(options()[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}');
    expect(field()).toHaveAttribute('aria-activedescendant', 'box-suggestion-2');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(field()).toHaveAttribute('aria-activedescendant', 'box-suggestion-1');
    expect(options()[1]).toHaveAttribute('aria-selected', 'true');
    expect(options()[0]).toHaveAttribute('aria-selected', 'false');

    await user.keyboard('{Enter}');
    expect(onPick).toHaveBeenCalledWith(RECRUITER);
    expect(onSubmit).not.toHaveBeenCalled();
    expect(field()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('listbox', { hidden: true })).not.toBeVisible();
  });

  it('closes with Escape, keeping the text; Down or typing opens it again', async () => {
    const user = userEvent.setup();
    render(<Box />);
    await typeAndOpen(user, 're');
    await user.keyboard('{ArrowDown}{Escape}');
    expect(field()).toHaveAttribute('aria-expanded', 'false');
    expect(field()).not.toHaveAttribute('aria-activedescendant');
    expect(field()).toHaveValue('re');
    await user.keyboard('{ArrowDown}');
    expect(field()).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    await user.type(field(), 'a');
    await waitFor(() => expect(field()).toHaveAttribute('aria-expanded', 'true'));
  });

  it('sends the search with Enter when no suggestion is chosen', async () => {
    const user = userEvent.setup();
    const onPick = jest.fn();
    const onSubmit = jest.fn();
    render(<Box onPick={onPick} onSubmit={onSubmit} />);
    await typeAndOpen(user, 're');
    await user.keyboard('{Enter}');
    expect(onSubmit).toHaveBeenCalledWith('re');
    expect(onPick).not.toHaveBeenCalled();
    expect(field()).toHaveAttribute('aria-expanded', 'false');
  });

  it('picks with a click, the field keeping the focus until then', async () => {
    const user = userEvent.setup();
    const onPick = jest.fn();
    render(<Box onPick={onPick} />);
    await typeAndOpen(user, 're');
    await user.click(screen.getByRole('option', { name: 'Redwood Labs, Company' }));
    expect(onPick).toHaveBeenCalledWith(REDWOOD);
    expect(field()).toHaveFocus();
  });

  it("takes over text typed in the server's field, focused before the take-over, and suggests for it", async () => {
    const host = document.createElement('div');
    document.body.append(host);
    host.innerHTML = renderToString(<Box />);
    const served = host.querySelector('input')!;
    served.focus();
    served.value = 're';
    const root = await act(async () => hydrateRoot(host, <Box />));
    try {
      await waitFor(() => expect(options()).toHaveLength(3));
      expect(api.getJobSuggestions).toHaveBeenLastCalledWith('re', expect.any(AbortSignal));
      expect(field()).toHaveAttribute('aria-expanded', 'true');
    } finally {
      act(() => root.unmount());
      host.remove();
    }
  });

  it('closes when the field loses the focus', async () => {
    const user = userEvent.setup();
    render(
      <>
        <Box />
        <button type="button">Elsewhere</button>
      </>,
    );
    await typeAndOpen(user, 're');
    await user.tab();
    expect(screen.getByRole('button', { name: 'Elsewhere' })).toHaveFocus();
    expect(field()).toHaveAttribute('aria-expanded', 'false');
  });

  it('never lets an older answer replace a newer one', async () => {
    const user = userEvent.setup();
    const pending = new Map<
      string,
      { resolve: (l: JobSuggestion[]) => void; signal?: AbortSignal }
    >();
    api.getJobSuggestions.mockImplementation(
      (q, signal) =>
        new Promise((resolve) => {
          pending.set(q, { resolve, ...(signal ? { signal } : {}) });
        }),
    );
    render(<Box />);
    await user.type(field(), 'ja');
    await waitFor(() => expect(pending.has('ja')).toBe(true));
    await user.type(field(), 'va');
    await waitFor(() => expect(pending.has('java')).toBe(true));
    // The first question was cancelled when the second was asked.
    expect(pending.get('ja')!.signal?.aborted).toBe(true);

    pending.get('java')!.resolve([{ kind: 'skill', label: 'Java', jobs: 9 }]);
    await waitFor(() =>
      expect(options().map((o) => o.getAttribute('aria-label'))).toEqual(['Java, Skill']),
    );
    pending.get('ja')!.resolve([{ kind: 'skill', label: 'Jakarta', jobs: 90 }]);
    await new Promise((r) => setTimeout(r, 0));
    expect(options().map((o) => o.getAttribute('aria-label'))).toEqual(['Java, Skill']);
  });

  it('asks nothing for text without a letter or digit, and clears the list when the text goes', async () => {
    jest.useFakeTimers();
    try {
      const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
      render(<Box />);
      await user.type(field(), '++ ');
      jest.advanceTimersByTime(10 * 150);
      expect(api.getJobSuggestions).not.toHaveBeenCalled();
      await user.clear(field());
      await user.type(field(), 're');
      jest.advanceTimersByTime(150);
      await waitFor(() => expect(options()).toHaveLength(3));
      expect(api.getJobSuggestions.mock.calls.map(([q]) => q)).toEqual(['re']);
      await user.clear(field());
      expect(field()).toHaveAttribute('aria-expanded', 'false');
    } finally {
      jest.useRealTimers();
    }
  });
});

describe("the landing's search", () => {
  beforeEach(() => api.getJobSuggestions.mockResolvedValue(ANSWER));

  it('is a GET form to the job list with a search field, before any script runs', () => {
    const html = document.createElement('div');
    html.innerHTML = renderToString(<HeroSearch />);
    const form = html.querySelector('form')!;
    expect(form.getAttribute('role')).toBe('search');
    expect(form.getAttribute('action')).toBe('/company-list');
    expect(form.getAttribute('method')).toBe('get');
    expect(form.querySelector('input[name="search"]')).not.toBeNull();
    expect(form.querySelector('button[type="submit"]')?.textContent).toBe('Search');
  });

  it("opens a suggestion's list: a word as the search, a company as its filter", async () => {
    const user = userEvent.setup();
    const go = jest.fn();
    render(<HeroSearch go={go} />);
    await typeAndOpen(user, 're');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(go).toHaveBeenLastCalledWith('/company-list?search=React');
    await user.type(field(), 'd');
    await waitFor(() => expect(field()).toHaveAttribute('aria-expanded', 'true'));
    await user.click(screen.getByRole('option', { name: 'Redwood Labs, Company' }));
    expect(go).toHaveBeenLastCalledWith('/company-list?company=c-1');
  });
});

import { paths, type JobSuggestion } from '@referio/shared/islands';

/** The job list a suggestion leads to: a company's jobs (the `company` filter), else a search for it. */
export function suggestionHref(s: JobSuggestion): string {
  if (s.companyId) return paths.companyList({ company: s.companyId });
  return `${paths.companyList()}?${new URLSearchParams({ search: s.label }).toString()}`;
}

import { useState } from 'react';
import { Island, paths } from '@referio/shared/islands';
import { SuggestSearch } from '../../search/components/SuggestSearch';
import { suggestionHref } from '../../search/lib/suggestionHref';

/** Loads a page of the site (the landing is islands-only: its links load the server's next page). */
const load = (href: string) => window.location.assign(href);

/**
 * The landing's search: a GET form to the job list (it works before any script has run), with
 * suggestions once the island is taken over (`mfe_public/SearchIsland`); a suggestion opens its list.
 * `go` is for tests.
 */
export function HeroSearch({ go = load }: { go?: (href: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <SuggestSearch
      id="rf-landing-search"
      label="Search companies and job roles"
      placeholder="Browse companies & Job Roles"
      value={value}
      onChange={setValue}
      onPick={(s) => go(suggestionHref(s))}
      action={paths.companyList()}
      submitLabel="Search"
      className="rf-landing__search"
    />
  );
}

export function HeroSearchSection() {
  return (
    <Island name="mfe_public/SearchIsland">
      <HeroSearch />
    </Island>
  );
}

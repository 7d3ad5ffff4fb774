import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { errorMessage } from '@referio/shared';

export interface QueryListProps<T> {
  query: UseQueryResult<T[]>;
  /** Said when the list is empty. */
  empty: string;
  children: (items: T[]) => ReactNode;
}

/** A console list: its error, "Loading…", the empty message, or the items. */
export function QueryList<T>({ query, empty, children }: QueryListProps<T>) {
  if (query.isError) {
    return <p role="alert">{errorMessage(query.error, 'Could not load this list. Try again.')}</p>;
  }
  if (!query.data) return <p aria-busy="true">Loading…</p>;
  if (query.data.length === 0) return <p>{empty}</p>;
  return <>{children(query.data)}</>;
}

import { useEffect, useRef, useState } from 'react';
import {
  SUGGEST_DEBOUNCE_MS,
  SUGGEST_MAX_LENGTH,
  getJobSuggestions,
  type JobSuggestion,
} from '@referio/shared/islands';

/** Text a suggestion can be asked for: a letter or a digit, and not longer than the API takes. */
const askable = (q: string) => /[\p{L}\p{N}]/u.test(q) && q.length <= SUGGEST_MAX_LENGTH;

/**
 * The suggestions for `text`, asked SUGGEST_DEBOUNCE_MS after it stops changing. Each question replaces
 * the one before (cancelled); an answer that comes after a newer question was asked is dropped, so a
 * slow answer to 'ja' never replaces the answer to 'java'. A failed question shows none. Empty or
 * unaskable text shows none at once.
 */
export function useSuggestions(text: string): JobSuggestion[] {
  const [list, setList] = useState<JobSuggestion[]>([]);
  const latest = useRef(0);

  useEffect(() => {
    const q = text.trim();
    const asked = ++latest.current;
    if (!askable(q)) {
      setList([]);
      return;
    }
    const controller = new AbortController();
    const answered = (next: JobSuggestion[]) => {
      if (latest.current === asked) setList(next);
    };
    const timer = setTimeout(() => {
      getJobSuggestions(q, controller.signal).then(answered, () => answered([]));
    }, SUGGEST_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text]);

  return list;
}

// Search suggestions: a module of its own (no react-query), so the landing's search island can ask too.
import type { JobSuggestAnswer, JobSuggestion } from '../contract/jobPost';
import { apiClient } from './client';

/**
 * GET /jobPost/suggest?q=: up to SUGGEST_MAX companies, titles, skills and places beginning with what is
 * typed, most posts first. `signal` cancels a question a newer one replaced.
 */
export async function getJobSuggestions(q: string, signal?: AbortSignal): Promise<JobSuggestion[]> {
  const answer = await apiClient.get<JobSuggestAnswer>('/jobPost/suggest', {
    params: { q },
    ...(signal ? { signal } : {}),
  });
  return answer.data.data;
}

/** The job routes' messages (the spec's texts). */
export const JOB_MESSAGES = {
  notFound: 'Job post not found',
  notOwner: 'You can only change your own job posts.',
  ownListOnly: 'You can only list your own job posts.',
  ownSuggestionsOnly: 'You can only see your own suggestions.',
  created: 'Job post created successfully',
  updated: 'Job post updated successfully',
  statusUpdated: 'Job status updated successfully',
} as const;

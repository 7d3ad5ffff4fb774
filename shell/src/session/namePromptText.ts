// The name prompt's texts (NamePrompt.tsx, NameDialog.tsx).
export const NAME_PROMPT_TEXT = {
  title: "What's your name?",
  why: 'Referrers and candidates see your name on referral requests, in chat and in e-mails, instead of your email address.',
  label: 'Your full name',
  save: 'Save name',
  saving: 'Saving...',
  failed: 'Your name could not be saved. Please try again.',
} as const;

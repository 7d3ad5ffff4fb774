// Business constants and limits of the spec (document 1 §9, document 2 §9), in one place.

/** Search boxes wait this long after the last keystroke before searching. */
export const SEARCH_DEBOUNCE_MS = 500;
/** Search suggestions (GET /jobPost/suggest) are asked this long after the last keystroke. */
export const SUGGEST_DEBOUNCE_MS = 150;
/** The most suggestions an answer has (companies, titles, skills and places together). */
export const SUGGEST_MAX = 8;
/** The longest text suggestions are asked for (trimmed); longer is refused with a 400. */
export const SUGGEST_MAX_LENGTH = 60;
/** What a search suggestion (GET /jobPost/suggest) is: a job title's word, a skill, a company or a place (docs/search-features.md). */
export const SUGGESTION_KINDS = ['title', 'skill', 'company', 'location'] as const;
export type SuggestionKind = (typeof SUGGESTION_KINDS)[number];
/** How a suggestion's kind is shown beside it. */
export const SUGGESTION_KIND_LABELS: Record<SuggestionKind, string> = {
  title: 'Job title',
  skill: 'Skill',
  company: 'Company',
  location: 'Location',
};
/** Job lists are fetched with this limit and paginated on the client, newest first. */
export const JOB_FETCH_LIMIT = 100;
/** Jobs shown per page (company list, explore, give referral). */
export const JOBS_PAGE_SIZE = 9;
/** Companies in the landing page grid. */
export const HOME_COMPANY_COUNT = 40;
/** Featured companies on the landing page. */
export const FEATURED_COMPANY_COUNT = 6;
/** 'Jobs You May Like' on the candidate dashboard. */
export const SUGGESTED_JOB_COUNT = 6;
/** How many similar jobs a job page shows (GET /jobPost/similar's default; at most SIMILAR_JOBS_MAX). */
export const SIMILAR_JOB_COUNT = 4;
export const SIMILAR_JOBS_MAX = 12;
/** The message of an unknown company (GET /company/:companyId's 404). */
export const COMPANY_NOT_FOUND = 'Company not found';
/** Skills on a list card, the rest as '+N more'. */
export const CARD_SKILL_COUNT = 8;
/**
 * A card's skill is cut only past this many characters (the spec's 7 cut 'JavaScript' and 'Kubernetes';
 * whole names read better and chips wrap): docs/decisions-ui.md.
 */
export const SKILL_CUT_LENGTH = 24;
/** Skills on dashboard and job post cards. */
export const DASHBOARD_SKILL_COUNT = 3;

export const OTP_LENGTH = 4;
/** After a verified code the move to / waits this long. */
export const OTP_REDIRECT_DELAY_MS = 1500;
/** How long the code screen waits before offering 'Resend code' (the API's per-address resend interval). */
export const OTP_RESEND_SECONDS = 30;
/** 'Please sign in to create a job posts.' then /sign-in after this delay. */
export const SIGN_IN_REDIRECT_DELAY_MS = 2000;
/** Contact success goes home after this delay. */
export const CONTACT_REDIRECT_DELAY_MS = 2000;
/** Default toast auto-close. */
export const TOAST_AUTO_CLOSE_MS = 3000;
/** Toast auto-close on the sign-in prompt. */
export const SIGN_IN_PROMPT_TOAST_MS = 2000;

/** Testimonial carousel scroll per click. */
export const CAROUSEL_SCROLL_PX = 300;
/** Notifications panel maximum height (display only). */
export const NOTIFICATION_PANEL_MAX_HEIGHT_PX = 400;

/** Default referral bonus shown, in rupees. */
export const DEFAULT_REFERRAL_BONUS = 1000;
/** Advertised price of unlimited referrals, rupees per month. */
export const PREMIUM_PRICE_RUPEES = 500;
export const FREE_TRIAL_DAYS = 14;
export const FREE_REFERRALS = 1;

/** Chat messages are loaded page 1, this many at a time. */
export const MESSAGE_PAGE_SIZE = 20;
export const MESSAGE_MAX_LENGTH = 2000;

export const MOBILE_MAX_DIGITS = 10;

/** Resume and profile image upload limit: 5 MB. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const RESUME_EXTENSIONS = ['.pdf', '.doc', '.docx'] as const;
export const RESUME_MIME_TYPES = [
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
] as const;
/** A candidate keeps at most this many named resumes (docs/decisions-candidate.md). */
export const RESUMES_MAX = 3;
/** What a fourth resume is told (docs/decisions-candidate.md). */
export const RESUMES_FULL_MESSAGE = `You can keep up to ${RESUMES_MAX} resumes. Delete or replace one to add another.`;
/** A resume's name: at most this many characters. */
export const RESUME_NAME_MAX = 80;
/** The `accept` attribute of a resume file input. */
export const RESUME_ACCEPT = [...RESUME_EXTENSIONS, ...RESUME_MIME_TYPES].join(',');
export const IMAGE_EXTENSIONS = ['.jpg', '.jpeg', '.png', '.gif', '.webp'] as const;
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
export const IMAGE_ACCEPT = [...IMAGE_EXTENSIONS, ...IMAGE_MIME_TYPES].join(',');

/** Dashboard inner pages, keyed by the spec's names; URL `/dashboard/<key>`. */
export const DASHBOARD_PAGES = [
  'userdashboard',
  'referrarDashboard',
  'explore',
  'myReferralRequests',
  'referralRequests',
  'jobPosts',
  'giverefferal',
  'profile',
  'referrarProfile',
  'upgradToPremium',
  'chat',
] as const;
export type DashboardPageKey = (typeof DASHBOARD_PAGES)[number];
export const isDashboardPageKey = (v: unknown): v is DashboardPageKey =>
  typeof v === 'string' && (DASHBOARD_PAGES as readonly string[]).includes(v);

/** Texts of the spec's error catalogue and success toasts, word for word. */
export const MESSAGES = {
  otpSent: 'OTP sent to your email!',
  otpVerified: 'OTP Verified Sucessfully!',
  otpSendFailed: 'Failed to send OTP. Please try again.',
  otpInvalid: 'Invalid OTP. Please try again.',
  subscribeFailed: 'Registration failed. Please try again.',
  /** The job is on screen signed out: the spec's 'to view job details' would be false (docs/decisions-public.md). */
  signInToRequestReferral: 'Please sign in to request a referral',
  signInToCreateJob: 'Please sign in to create a job posts.',
  alreadyRequested: 'You have already requested for this job',
  jobClosed: 'This job is no longer accepting referral requests.',
  missingRequiredData: 'Missing required data!',
  /** The saved resume a request named was replaced meanwhile (another tab, the profile page). */
  savedResumeChanged: 'Your saved resume has changed. Please check it and send the request again.',
  somethingWentWrong: 'Something went wrong. Please try again.',
  userNotFound: 'User not found. Please log in again.',
  userInfoNotFound: 'User info not found. Please log in again.',
  fetchJobsFailed: 'Failed to fetch jobs',
  fetchJobsError: 'Error fetching jobs. Please try again later.',
  resumeTooLargeOrUnsupported:
    'File is too large or not supported. Please upload a PDF or DOCX under 5MB.',
  resumeTooLarge: 'File size should not exceed 5 MB',
  resumeUploaded: 'Resume uploaded successfully!',
  resumeUploadFailed: 'Error uploading resume.',
  resumeRemoveConfirm: 'Are you sure you want to remove the uploaded resume?',
  profileImageTooLarge: 'Profile image size should not exceed 5 MB',
  profileImageUploaded: 'Profile image uploaded successfully!',
  profileImageUploadFailed: 'Error uploading profile image.',
  profileUpdated: 'Profile updated successfully!',
  profileUpdateFailed: 'Error updating profile.Please try again.',
  profileLoadFailed: 'Something went wrong while loading profile.',
  referralApproved: 'Referral approved',
  referralDeclined: 'Referral declined',
  referralApproveFailed: 'Failed to approve referral',
  referralDeclineFailed: 'Failed to decline referral',
  chatCreateFailed: 'Failed to create chat',
  noPendingRequests: 'No pending requests found',
  noRequestsOfStatus: (status: string) => `No ${status} requests found`,
  countsFailed: 'Failed to fetch referral counts',
  workOtpSent: 'OTP sent to your work email',
  workOtpSendFailed: 'Failed to send OTP',
  workEmailVerified: 'Work email verified successfully',
  workOtpInvalid: 'Invalid OTP',
  workOtpVerifyFailed: 'Failed to verify OTP',
  invalidWorkEmail: 'Please enter a valid work email',
  invalidOtp: 'Please enter a valid OTP',
  noPendingApproval: 'No pending approval request found',
  jobUpdateFailed: 'Failed to update job.',
  jobUpdateError: 'Error updating job. See console for details.',
  jobCreateFailed: 'Something went wrong. Please try again.',
  step1Required: 'Please fill in all required fields in Step 1.',
  step2Required: 'Please fill in all required fields in Step 2.',
  contactSent: 'Message sent successfully!',
  contactFailed: 'Failed to send message. Please try again.',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  noJobsMatch: 'No jobs match your search',
  noNotifications: 'No notifications',
  noMessages: 'No messages yet',
  networkError: 'Network error. Please check your connection.',
} as const;

/** How soon a dropped stream is retried (the server's `retry:` hint), in ms. */
export const CHAT_STREAM_RETRY_MS = 3000;
/** How often the server writes a comment line to keep proxies from closing an idle stream, in ms. */
export const CHAT_STREAM_HEARTBEAT_MS = 25_000;

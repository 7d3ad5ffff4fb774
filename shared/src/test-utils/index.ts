// The test kit of every package's tests, `@referio/shared/test-utils` (never in a build): test data shaped
// as the API answers it, the page renderer, API mocks and stand-ins for what jsdom lacks.
export { USER_ID, makeMailPreferences, makeReferrer, makeSession, makeUser } from './fixtures';
export {
  COMPANY_ID,
  JOB_ID,
  REFERRER_ID,
  makeCompanyPage,
  makeCounts,
  makeJob,
  makeJobDetails,
  makeProfile,
  makeReferrerProfile,
  makeRequest,
} from './market';
export { createTestQueryClient, renderPage, type RenderPageOptions } from './render';
export { api, mockSharedApi } from './mockApi';
export { FakeEventSource } from './fakeEventSource';
export { describeExposedPages, type ExposedPagesCheck } from './exposedPages';

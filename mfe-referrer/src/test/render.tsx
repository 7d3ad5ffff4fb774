// Test helpers: a signed-in referrer, the providers the shell gives a remote page, and sample data.
import { render, type RenderResult } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { ReactElement } from 'react';
import {
  ToastHost,
  useSessionStore,
  type CurrentUser,
  type JobPost,
  type ReferralRequest,
} from '@referio/shared';
import { USER_ID, makeUser as baseMakeUser } from '@referio/shared/test-utils';

export { USER_ID };

/** The shared test user as a referrer: referrer mode first, six years, no skills yet. */
export function makeUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return baseMakeUser({
    email: 'ravi@example.com',
    fullName: 'Ravi Menon',
    displayName: 'Ravi Menon',
    authMode: 'referrer',
    roleId: [1, 0],
    roles: [
      { roleName: 'referer', roleId: 1 },
      { roleName: 'user', roleId: 0 },
    ],
    overAllExperience: 6,
    skills: [],
    ...overrides,
  });
}

/** Signs a referrer (or, with role 'user', a candidate-mode user) into the store. */
export function signInAs(
  overrides: Partial<CurrentUser> = {},
  role: 'referer' | 'user' = 'referer',
) {
  const user = makeUser(overrides);
  if (role === 'user') user.roles = [...user.roles].reverse();
  useSessionStore.getState().signIn({ success: true, message: '', data: user });
  return user;
}

/** Shows where the page navigated to. */
function Where() {
  const location = useLocation();
  return <output aria-label="Current path">{location.pathname + location.search}</output>;
}

export function renderPage(ui: ReactElement, path = '/dashboard/page'): RenderResult {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="*" element={ui} />
        </Routes>
        <Where />
      </MemoryRouter>
      <ToastHost />
    </QueryClientProvider>,
  );
}

export function makeJob(overrides: Partial<JobPost> = {}): JobPost {
  return {
    _id: '7c0a3b1e-1d2f-4c5a-8b6e-9f0a1b2c3d4e',
    userId: USER_ID,
    jobTitle: 'Frontend Engineer',
    companyName: 'Acme Corp',
    jobLocation: 'Remote',
    address: '12 MG Road, Bengaluru',
    companyLogo: '',
    industry: 'it',
    experience: '3-6',
    jobType: 'Full-time',
    salaryRange: '12-18',
    requiredSkills: ['React', 'TypeScript', 'CSS', 'Testing', 'Node'],
    jobDescription: ['Build the web app', 'Review code'],
    notes: ['Own the design system'],
    status: 'active',
    totalReferrals: 0,
    referralBonus: 0,
    createdAt: new Date(Date.now() - 3 * 24 * 3600 * 1000).toISOString(),
    isApplied: false,
    verifiedAtCompany: null,
    ...overrides,
  };
}

export function makeRequest(overrides: Partial<ReferralRequest> = {}): ReferralRequest {
  return {
    _id: 'a1b2c3d4-0000-4000-8000-000000000001',
    status: 'pending',
    createdAt: new Date(Date.now() - 2 * 3600 * 1000).toISOString(),
    jobPostId: makeJob(),
    senderId: {
      _id: 'c0ffee00-0000-4000-8000-000000000002',
      fullName: 'Priya Shah',
      email: 'priya@example.com',
      overAllExperience: 4,
      resumeLink: '/api/documentsUpload/resume/c0ffee00',
      skills: ['React', 'GraphQL'],
    },
    recipientId: { _id: USER_ID, fullName: 'Ravi Menon', email: 'ravi@example.com' },
    expiresAt: '2099-01-01T00:00:00.000Z',
    declineReason: null,
    declineNote: null,
    ...overrides,
  };
}

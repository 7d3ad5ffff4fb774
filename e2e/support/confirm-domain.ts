// An operator's confirmation of a company's domain, over the API in a context of its own (the page keeps its
// session). Once confirmed, only addresses at that domain may post or approve for the company; a name nobody
// confirmed is open to every verified domain (docs/trust-and-safety.md).
import { expect, request as playwrightRequest } from '@playwright/test';
import { readCode } from './mailbox';
import { E2E_OPERATOR_EMAIL } from './operator';

/** The operator confirms `domain`, claimed by a poster already, for its company, as the console's Confirm does. */
export async function confirmDomainAsOperator(baseURL: string, domain: string): Promise<void> {
  const api = await playwrightRequest.newContext({ baseURL });
  try {
    const sentAt = Date.now() - 1000;
    const sent = await api.post('/api/auth/createUser', {
      data: { email: E2E_OPERATOR_EMAIL, roleId: 0 },
    });
    expect(sent.ok(), await sent.text()).toBe(true);
    const otp = await readCode(api, E2E_OPERATOR_EMAIL, sentAt);
    const signedIn = await api.post('/api/auth/verifyOtp', {
      data: { email: E2E_OPERATOR_EMAIL, otp, roleId: 0 },
    });
    expect(signedIn.ok(), await signedIn.text()).toBe(true);
    // Confirmed before by another journey of this run is as good: only a server error fails here.
    const confirmed = await api.post(`/api/admin/domains/confirm/${encodeURIComponent(domain)}`);
    expect(confirmed.status(), await confirmed.text()).toBeLessThan(500);
  } finally {
    await api.dispose();
  }
}

// The operator console as an operator uses it (docs/trust-and-safety.md): the header links an operator to
// it; suspend asks for a reason and confirmation in a dialog (focus inside, Escape closes); the suspended
// user's e-mail carries the reason; the audit log says what happened in words; Unsuspend undoes it. The
// operator is E2E_OPERATOR_EMAIL, named in the API's ADMIN_EMAILS by global-setup.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { waitForMail } from '../support/mailbox';
import { E2E_OPERATOR_EMAIL, signUp, signUpAs } from '../support/session';
import { BASE } from '../support/site';

/** Where the screenshots go when SCREENSHOT_DIR is set (looked at by hand). */
const SHOTS = process.env.SCREENSHOT_DIR;
const SIZES = [
  [390, 844],
  [1280, 900],
] as const;

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

/** Opens the greeting's popup in the header (behind the burger on a phone). */
async function openAccountMenu(page: Page) {
  // The burger: a native disclosure (shell/src/layout/NavbarView.tsx).
  const burger = page.getByRole('navigation', { name: 'Main' }).locator('summary');
  if (await burger.isVisible()) await burger.click();
  await page.getByRole('button', { name: /^Hi, / }).click();
}

test('an operator suspends a user for a reason after confirming, the user is told why, and Unsuspend undoes it', async ({
  browser,
}) => {
  const userContext = await browser.newContext({ baseURL: BASE });
  const opContext = await browser.newContext({ baseURL: BASE });
  try {
    const userPage = await userContext.newPage();
    const name = `Jane ${Date.now().toString(36)}`;
    const jane = await signUp(userPage, 'Applicant', 'jane', name);
    // Someone who is not an operator has no way to the console.
    await openAccountMenu(userPage);
    await expect(userPage.getByRole('button', { name: 'Log out' })).toBeVisible();
    await expect(userPage.getByRole('link', { name: 'Operator console' })).toHaveCount(0);

    const page = await opContext.newPage();
    await signUpAs(page, E2E_OPERATOR_EMAIL, 'Applicant', 'Olga Operator');
    await openAccountMenu(page);
    await page.getByRole('link', { name: 'Operator console' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Operator console' })).toBeVisible();

    // Find Jane in Users and ask to suspend her: a dialog, nothing done yet.
    await page.getByRole('tab', { name: 'Users' }).click();
    await page.getByRole('textbox', { name: 'Find a user by name or email' }).fill(jane.email);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const item = page.getByRole('listitem', { name: jane.email });
    const suspend = item.getByRole('button', { name: `Suspend ${name}…` });
    await suspend.click();
    const dialog = page.getByRole('dialog', { name: `Suspend ${name}?` });
    const reason = dialog.getByRole('textbox', { name: /Reason/ });
    await expect(reason).toBeFocused();
    // Escape closes it, focus goes back, and Jane is not suspended.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(suspend).toBeFocused();

    // No reason: the dialog says one is needed.
    await suspend.click();
    await dialog.getByRole('button', { name: 'Suspend', exact: true }).click();
    await expect(dialog.getByRole('alert')).toHaveText(
      'Give a reason for the suspension. The user is told it.',
    );
    await reason.fill('Spam in chat messages');
    for (const [width, height] of SIZES) {
      await page.setViewportSize({ width, height });
      await shoot(page, `operator-suspend-dialog-${width}`);
    }
    await dialog.getByRole('button', { name: 'Suspend', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`${name} is suspended.`)).toBeVisible();
    await expect(item).toContainText(': Spam in chat messages');

    // Jane is told why by e-mail, with where to appeal.
    const mail = await waitForMail(page.request, jane.email, /account is suspended/);
    expect(mail.text).toContain('The reason: Spam in chat messages');
    expect(mail.text).toContain('/contact-us');

    // The audit log says it in words, with the operator's name.
    await page.getByRole('tab', { name: 'Audit log' }).click();
    const suspended = page
      .getByRole('row')
      .filter({ hasText: `Suspended ${name}: Spam in chat messages` });
    await expect(suspended).toContainText('Olga Operator');
    for (const [width, height] of SIZES) {
      await page.setViewportSize({ width, height });
      await shoot(page, `operator-audit-${width}`);
    }

    // Undo: Unsuspend, recorded in the audit log too.
    await page.getByRole('tab', { name: 'Users' }).click();
    await page.getByRole('textbox', { name: 'Find a user by name or email' }).fill(jane.email);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await item.getByRole('button', { name: `Unsuspend ${name}` }).click();
    await expect(page.getByText(`${name} is no longer suspended.`)).toBeVisible();
    await expect(item.getByRole('button', { name: `Suspend ${name}…` })).toBeVisible();
    await page.getByRole('tab', { name: 'Audit log' }).click();
    await expect(page.getByRole('row').filter({ hasText: `Unsuspended ${name}` })).toContainText(
      'Olga Operator',
    );
  } finally {
    await userContext.close();
    await opContext.close();
  }
});

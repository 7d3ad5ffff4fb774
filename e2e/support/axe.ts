// axe-core against the page as the user sees it: WCAG 2.0/2.1 A and AA plus axe's best practices.
// A check fails on serious or critical findings only, and says which rule, where and how to fix it.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

type Impact = 'minor' | 'moderate' | 'serious' | 'critical';
/** `AXE_ALL=1` reports every impact (to hunt the moderate and minor ones); by default only these fail. */
const BLOCKING: readonly Impact[] = process.env.AXE_ALL
  ? ['minor', 'moderate', 'serious', 'critical']
  : ['serious', 'critical'];

export interface Finding {
  id: string;
  impact: Impact;
  help: string;
  helpUrl: string;
  nodes: { target: string; summary: string; html: string }[];
}

/** A toast on its way out (closed, or replaced by a newer one): fading, no longer what the user reads. */
const LEAVING_TOAST = '.Toastify__toast[data-in="false"]';

/**
 * Waits (up to 2 s) until no toast is fading in. A toast caught mid-fade has its text at part opacity, so axe
 * measured its contrast at 1.0-4.2:1 on a loaded machine; the contrast that counts is that of the toast the
 * user reads, fully shown. A toast on its way out is left out of the scan (LEAVING_TOAST): on a busy machine
 * one stayed at the end of its fade past any wait.
 */
async function toastsSettled(page: Page): Promise<void> {
  await page
    .waitForFunction(
      (leaving) =>
        [...document.querySelectorAll<HTMLElement>('.Toastify__toast')].every(
          (t) => t.matches(leaving) || getComputedStyle(t).opacity === '1',
        ),
      LEAVING_TOAST,
      { timeout: 2_000, polling: 50 },
    )
    .catch(() => undefined);
}

/** Runs axe on the current page (optionally only inside `include`, e.g. an open dialog). */
export async function scan(page: Page, include?: string): Promise<Finding[]> {
  await toastsSettled(page);
  let builder = new AxeBuilder({ page }).withTags(AXE_TAGS).exclude(LEAVING_TOAST);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => BLOCKING.includes((v.impact ?? 'minor') as Impact))
    .map((v) => ({
      id: v.id,
      impact: v.impact as Impact,
      help: v.help,
      helpUrl: v.helpUrl,
      nodes: v.nodes.map((n) => ({
        target: n.target.join(' '),
        summary: (n.failureSummary ?? '').replace(/\s+/g, ' ').trim(),
        html: n.html.length > 160 ? `${n.html.slice(0, 157)}...` : n.html,
      })),
    }));
}

/** One readable block per rule: impact, rule id, help, then each offending element. */
export function describeFindings(where: string, findings: Finding[]): string {
  if (findings.length === 0) return `${where}: no ${BLOCKING.join('/')} violations`;
  const lines = [`${where}: ${findings.length} ${BLOCKING.join('/')} axe violation(s)`];
  for (const f of findings) {
    lines.push(`  [${f.impact}] ${f.id}: ${f.help} (${f.helpUrl})`);
    for (const n of f.nodes.slice(0, 8)) {
      lines.push(`    - ${n.target}`);
      lines.push(`      ${n.html}`);
      if (n.summary) lines.push(`      ${n.summary}`);
    }
    if (f.nodes.length > 8) lines.push(`    ... and ${f.nodes.length - 8} more`);
  }
  return lines.join('\n');
}

/**
 * Scans the page and records a soft failure naming every serious or critical violation, so one run
 * lists all the pages that need fixing instead of stopping at the first.
 */
export async function expectNoSeriousViolations(
  page: Page,
  where: string,
  include?: string,
): Promise<void> {
  const findings = await scan(page, include);
  expect
    .soft(
      findings.map((f) => `${f.impact} ${f.id}`),
      describeFindings(where, findings),
    )
    .toEqual([]);
}

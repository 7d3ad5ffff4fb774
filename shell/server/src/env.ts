// Settings read from the environment.

/** A number from the environment, or the default when it is unset or not a positive number. */
export function positiveNumber(value: string | undefined, fallback: number): number;
export function positiveNumber(value: string | undefined, fallback?: number): number | undefined;
export function positiveNumber(value: string | undefined, fallback?: number): number | undefined {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(n) && n > 0 ? n : fallback;
}

/** A yes/no setting: `true`, `1`, `yes` or `on`. */
export const isOn = (value: string | undefined): boolean => /^(true|1|yes|on)$/i.test(value ?? '');

/** Off only when said so: `false`, `0`, `no` or `off`. */
export const isOff = (value: string | undefined): boolean =>
  /^(false|0|no|off)$/i.test(value ?? '');

/** SITE_URL: the site's public origin, for canonical links, sharing tags and the sitemap. Checked at boot. */
export function siteUrlFrom(value: string | undefined, fallback: string): string {
  const raw = value || fallback;
  const problem = `SITE_URL must be an http(s) URL such as https://referio.example, got "${raw}"`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(problem);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(problem);
  return url.origin;
}

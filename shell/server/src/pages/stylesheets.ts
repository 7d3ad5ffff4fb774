// The stylesheets of a server-rendered page, from its remote's mf-manifest.json.

interface CssAssets {
  assets?: { css?: { sync?: string[]; async?: string[] } };
}

/** The parts of mf-manifest.json the server reads. */
export interface FederationManifest {
  shared?: (CssAssets & { name: string })[];
  exposes?: (CssAssets & { path: string })[];
  /** The release's version, stamped by `publish` (@referio/release). */
  metaData?: { buildInfo?: { buildVersion?: string } };
}

/** A stylesheet's content hash (`name.<hash>.css`): two chunks with the same rules have the same one. */
const cssHash = (file: string): string => /\.([0-9a-f]{6,})\.css$/.exec(file)?.[1] ?? file;

/**
 * The stylesheets a server-rendered page shows, as the remote's mf-manifest.json names them: the exposed page's own
 * (`sync`), then those of the site library's entries (`@referio/shared/<entry>`, e.g. the job card's) that its
 * code uses (listed among its `async` stylesheets), in the order the app adds them. Without the latter the HTML
 * would be unstyled in places until the app's scripts have run, and move when they do. One file per content hash.
 */
export function pageStylesheets(
  manifest: FederationManifest | undefined,
  exposed: CssAssets | undefined,
): string[] {
  const entries = new Set<string>();
  for (const shared of manifest?.shared ?? []) {
    if (!String(shared.name).startsWith('@referio/shared/')) continue;
    for (const f of shared.assets?.css?.sync ?? []) entries.add(cssHash(f));
  }
  const seen = new Set<string>();
  const out: string[] = [];
  const library = (exposed?.assets?.css?.async ?? []).filter((f) => entries.has(cssHash(f)));
  for (const f of [...(exposed?.assets?.css?.sync ?? []), ...library]) {
    if (seen.has(cssHash(f))) continue;
    seen.add(cssHash(f));
    out.push(f);
  }
  return out;
}

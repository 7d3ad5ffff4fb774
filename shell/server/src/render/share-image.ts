// A job's share image (og:image, docs/seo.md): 1200×630 PNG with the job's title, company, place and the
// Referio mark, laid out by satori (SVG) and drawn by resvg. The fonts are Inter's WOFF files from the
// @fontsource/inter package (satori reads ttf/otf/woff, not woff2): nothing is downloaded at run time.
// Rendered in the render pool's workers (render-worker.ts, kind 'shareImage'), off the server's event loop.
import fs from 'node:fs';
import satori from 'satori';
import { Resvg } from '@resvg/resvg-js';

export const WIDTH = 1200;
export const HEIGHT = 630;

/** A public job post, as the API answers it, with what the image shows. */
export interface ShareImageJob {
  jobTitle?: string;
  companyName?: string;
  jobLocation?: string;
  address?: string;
  jobType?: string;
  salaryRange?: string;
  status?: string;
}

type Font = { name: string; data: Buffer; weight: 400 | 700; style: 'normal' };

const fontFile = (subset: string, weight: number) =>
  fs.readFileSync(require.resolve(`@fontsource/inter/files/inter-${subset}-${weight}-normal.woff`));
let fonts: Font[] | null = null;
// Latin, and Latin Extended for the rupee sign and accented names (satori falls back font by font).
const loadFonts = (): Font[] =>
  (fonts ??= ['latin', 'latin-ext'].flatMap((subset) =>
    ([400, 700] as const).map((weight) => ({
      name: subset === 'latin' ? 'Inter' : 'Inter Ext',
      data: fontFile(subset, weight),
      weight,
      style: 'normal' as const,
    })),
  ));

const PRIMARY = '#6d28d9';
/** The Referio mark (shell/public/favicon.svg) as a data URL. */
const MARK = `data:image/svg+xml;base64,${Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#fff"/><path d="M20 48V16h14a10 10 0 0 1 2.6 19.66L45 48h-8.2l-7.6-12H27v12zm7-18h6.5a4 4 0 0 0 0-8H27z" fill="#6d28d9"/></svg>',
).toString('base64')}`;

interface Node {
  type: string;
  props: { style?: Record<string, unknown>; children?: unknown; [key: string]: unknown };
}
const h = (type: string, style: Record<string, unknown>, children: unknown): Node => ({
  type,
  props: { style, children },
});

/** Text cut to `max` characters at a word, with an ellipsis (satori has no line clamp). */
const clip = (text: unknown, max: number): string => {
  const s = String(text ?? '').trim();
  return s.length <= max ? s : `${s.slice(0, max - 1).replace(/\s+\S*$/, '')}…`;
};

/** Where the job is, as its card says it ('Bengaluru · Hybrid'; 'Remote'). */
function placeOf(job: ShareImageJob): string {
  const mode = String(job.jobLocation ?? '').trim();
  const place = String(job.address ?? '').trim();
  if (!place) return mode;
  if (!mode || place.toLowerCase().includes(mode.toLowerCase())) return place;
  return `${place} · ${mode}`;
}

/**
 * The image of `job` (a public job post: jobTitle, companyName, jobLocation, address, jobType, salaryRange,
 * status) as PNG bytes.
 */
export async function renderShareImage(job: ShareImageJob): Promise<Buffer> {
  const closed = job.status === 'inactive';
  const title = clip(job.jobTitle, 70);
  const lpa = String(job.salaryRange ?? '')
    .trim()
    .replace(/^₹\s*/, '')
    .replace(/\s*LPA$/i, '');
  const facts = [placeOf(job), job.jobType, lpa ? `₹${lpa} LPA` : ''].filter(Boolean).join('  ·  ');
  const tree = h(
    'div',
    {
      // satori's boxes are content-box: the padding comes on top of width and height.
      width: WIDTH - 2 * 72,
      height: HEIGHT - 2 * 64,
      display: 'flex',
      flexDirection: 'column',
      justifyContent: 'space-between',
      padding: '64px 72px',
      background: `linear-gradient(135deg, ${PRIMARY} 0%, #4c1d95 100%)`,
      color: '#fff',
      fontFamily: 'Inter, "Inter Ext"',
    },
    [
      h('div', { display: 'flex', alignItems: 'center', gap: 20 }, [
        { type: 'img', props: { src: MARK, width: 64, height: 64 } },
        h('div', { fontSize: 40, fontWeight: 700, letterSpacing: -0.5 }, 'Referio'),
      ]),
      h('div', { display: 'flex', flexDirection: 'column', gap: 20 }, [
        h(
          'div',
          { fontSize: title.length > 40 ? 60 : 72, fontWeight: 700, lineHeight: 1.1 },
          title,
        ),
        h('div', { fontSize: 40, color: 'rgba(255,255,255,0.92)' }, clip(job.companyName, 60)),
        h('div', { fontSize: 30, color: 'rgba(255,255,255,0.8)' }, clip(facts, 80)),
      ]),
      h(
        'div',
        { display: 'flex', fontSize: 28, color: 'rgba(255,255,255,0.85)' },
        closed ? 'This job is closed' : 'Ask the employee who posted it to refer you',
      ),
    ],
  );
  const svg = await satori(tree as Parameters<typeof satori>[0], {
    width: WIDTH,
    height: HEIGHT,
    fonts: loadFonts(),
  });
  return new Resvg(svg, { fitTo: { mode: 'width', value: WIDTH } }).render().asPng();
}

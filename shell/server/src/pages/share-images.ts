// A job's share image (og:image, render/share-image.ts), GET /og/job/<id>.png: drawn in the render pool (or here
// when there is none). Kept by job and last write, so an edit draws a new one; CDNs and previewers may keep it an
// hour.
import type { FastifyInstance } from 'fastify';
import type { RenderPool } from '../render/render-pool';
import { loadShareImage } from '../render/share-image-loader';
import type { ShareImageJob } from '../render/share-image';
import type { ApiJson } from './api';

type PublicJob = ShareImageJob & { _id: string; updatedAt: string };

const KEPT_IMAGES = 200;

export function registerShareImages(
  server: FastifyInstance,
  { pool, apiJson }: { pool: RenderPool | null; apiJson: ApiJson },
): void {
  const images = new Map<string, Buffer>();
  const draw = async (job: PublicJob): Promise<Buffer> =>
    pool
      ? Buffer.from((await pool.run({ kind: 'shareImage', job })).png)
      : loadShareImage().renderShareImage(job);

  server.get<{ Params: { file: string } }>('/og/job/:file', async (req, reply) => {
    const id = /^([0-9a-f-]{36})\.png$/i.exec(req.params.file)?.[1];
    let job: PublicJob | null = null;
    try {
      job = id
        ? ((await apiJson<{ data?: PublicJob }>(`/jobPost/public/${id}`))?.data ?? null)
        : null;
    } catch {
      return reply.code(503).header('Retry-After', '5').type('text/plain').send('Try again later');
    }
    if (!job) return reply.code(404).type('text/plain').send('Not found');
    const key = `${job._id}@${job.updatedAt}`;
    let png = images.get(key);
    if (!png) {
      png = await draw(job);
      if (images.size >= KEPT_IMAGES) images.delete(images.keys().next().value!);
      images.set(key, png);
    }
    return reply
      .header('Cache-Control', 'public, max-age=3600, stale-while-revalidate=86400')
      .header('ETag', `"${key}"`)
      .type('image/png')
      .send(png);
  });
}

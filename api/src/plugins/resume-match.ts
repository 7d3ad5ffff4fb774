import fp from 'fastify-plugin';
import { parseFileKeys } from '../lib/file-crypto';
import { DEFAULT_PDF_LIMITS } from '../lib/pdf-text';
import { ResumeMatchService } from '../services/resume-match';

declare module 'fastify' {
  interface FastifyInstance {
    /** Match summaries: resumes' texts (read once per file) against jobs. */
    resumeMatch: ResumeMatchService;
  }
}

/**
 * Decorates the app with `resumeMatch`. The kept texts are encrypted with the uploaded files' keys
 * (FILE_ENCRYPTION_KEYS, else the one derived from the server secret), as the storage does.
 */
export default fp(
  async (app) => {
    const keys = parseFileKeys(app.config.FILE_ENCRYPTION_KEYS, app.serverSecret);
    const limits = {
      ...DEFAULT_PDF_LIMITS,
      timeoutMs: app.config.RESUME_TEXT_TIMEOUT_MS,
      memoryMb: app.config.RESUME_TEXT_MEMORY_MB,
    };
    app.decorate(
      'resumeMatch',
      new ResumeMatchService(app.db, app.storage, keys, limits, () => app.now()),
    );
  },
  { name: 'resume-match', dependencies: ['config', 'db', 'secret', 'storage'] },
);

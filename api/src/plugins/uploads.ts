import fp from 'fastify-plugin';
import { ResumeRepository } from '../services/resumes';
import { UploadRepository } from '../services/uploads';

declare module 'fastify' {
  interface FastifyInstance {
    /** Uploaded files' rows and the user and request columns pointing at them (bytes: `storage`). */
    uploads: UploadRepository;
    /** A candidate's named resumes (their files: `uploads` and `storage`). */
    resumes: ResumeRepository;
  }
}

/** Decorates the app with `uploads` and `resumes` over the app's database. */
export default fp(
  async (app) => {
    app.decorate('uploads', new UploadRepository(app.db));
    app.decorate('resumes', new ResumeRepository(app.db));
  },
  { name: 'uploads', dependencies: ['db'] },
);

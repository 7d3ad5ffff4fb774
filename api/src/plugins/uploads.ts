import fp from 'fastify-plugin';
import { UploadRepository } from '../services/uploads';

declare module 'fastify' {
  interface FastifyInstance {
    /** Uploaded files' rows and the user and request columns pointing at them (bytes: `storage`). */
    uploads: UploadRepository;
  }
}

/** Decorates the app with `uploads` over the app's database. */
export default fp(
  async (app) => {
    app.decorate('uploads', new UploadRepository(app.db));
  },
  { name: 'uploads', dependencies: ['db'] },
);

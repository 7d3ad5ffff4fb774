import fp from 'fastify-plugin';
import { TestimonialRepository } from '../services/testimonials';

declare module 'fastify' {
  interface FastifyInstance {
    /** Testimonials' repository. */
    testimonials: TestimonialRepository;
  }
}

/** Decorates the app with `testimonials` over the app's database. */
export default fp(
  async (app) => {
    app.decorate('testimonials', new TestimonialRepository(app.db));
  },
  { name: 'testimonials', dependencies: ['db'] },
);

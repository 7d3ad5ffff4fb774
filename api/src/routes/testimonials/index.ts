import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const testimonialRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/testimonials/getAllTestimonials', { config: { auth: 'public' } }, async () => ({
    success: true,
    data: await app.testimonials.all(),
  }));
};

export default testimonialRoutes;

import { errorResponses, testimonialsAnswer } from '../../contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const testimonialRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/testimonials/getAllTestimonials',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['site'],
        summary: 'The testimonials of the home page',
        response: { 200: testimonialsAnswer, ...errorResponses() },
      },
    },
    async () => ({ success: true, data: await app.testimonials.all() }),
  );
};

export default testimonialRoutes;

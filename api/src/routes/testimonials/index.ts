import { errorResponses, testimonialsAnswer, type Testimonial } from '../../contract';
import { asc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { testimonials } from '../../db/schema';

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
    async () => {
      const rows = await app.db
        .select()
        .from(testimonials)
        .orderBy(asc(testimonials.sortOrder), asc(testimonials.createdAt));
      const data: Testimonial[] = rows.map((t) => ({
        _id: t.id,
        name: t.name,
        profile: t.profile,
        position: t.position,
        description: t.description,
      }));
      return { success: true, data };
    },
  );
};

export default testimonialRoutes;

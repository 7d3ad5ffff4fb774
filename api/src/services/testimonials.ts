import type { Testimonial } from '../contract';
import { asc } from 'drizzle-orm';
import type { Db } from '../db';
import { testimonials } from '../db/schema';

/** Testimonials' repository (`app.testimonials`, src/plugins/testimonials.ts). */
export class TestimonialRepository {
  constructor(private readonly db: Db) {}

  /** Every testimonial in its display order. */
  async all(): Promise<Testimonial[]> {
    const rows = await this.db
      .select()
      .from(testimonials)
      .orderBy(asc(testimonials.sortOrder), asc(testimonials.createdAt));
    return rows.map((t) => ({
      _id: t.id,
      name: t.name,
      profile: t.profile,
      position: t.position,
      description: t.description,
    }));
  }
}

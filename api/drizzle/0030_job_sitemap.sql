-- Job pages in the sitemap (docs/seo.md): each post's last write is its `lastmod`, and the active posts are
-- read in id order by keyset (`id > $after`) from a partial index that holds both columns.
ALTER TABLE "job_posts" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
UPDATE "job_posts" SET "updated_at" = "created_at";--> statement-breakpoint
CREATE INDEX "job_posts_active_sitemap_idx" ON "job_posts" USING btree ("id","updated_at") WHERE "job_posts"."status" = 'active';

-- Named resumes (docs/decisions-candidate.md): a candidate keeps up to three, one of them the default. Each
-- saved resume (users.resume, its name and size) becomes one named resume, the default, named after its file
-- without the extension; its size and upload time are the file's row's.
CREATE TABLE "resumes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"storage_key" text NOT NULL,
	"name" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "resumes_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
ALTER TABLE "resumes" ADD CONSTRAINT "resumes_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "resumes_owner_idx" ON "resumes" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "resumes_owner_default_uq" ON "resumes" USING btree ("owner_id") WHERE is_default;--> statement-breakpoint
INSERT INTO "resumes" ("owner_id", "storage_key", "name", "is_default", "created_at")
SELECT u."id", u."resume",
	coalesce(nullif(btrim(regexp_replace(coalesce(u."resume_name", ''), '\.[A-Za-z0-9]{1,5}$', '')), ''), 'Resume'),
	true, coalesce(f."created_at", u."created_at")
FROM "users" u LEFT JOIN "files" f ON f."storage_key" = u."resume"
WHERE u."resume" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "resume";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "resume_name";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "resume_size";
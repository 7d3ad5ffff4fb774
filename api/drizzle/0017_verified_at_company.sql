CREATE TABLE "company_domains" (
	"domain" text PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"claimed_by" uuid,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "work_email_domain" text;--> statement-breakpoint
ALTER TABLE "work_email_history" ADD COLUMN "domain" text;--> statement-breakpoint
ALTER TABLE "work_email_history" ADD COLUMN "verified_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "company_domains" ADD CONSTRAINT "company_domains_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_domains" ADD CONSTRAINT "company_domains_claimed_by_users_id_fk" FOREIGN KEY ("claimed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_domains_company_idx" ON "company_domains" USING btree ("company_id","domain");--> statement-breakpoint
CREATE INDEX "work_email_history_user_verified_idx" ON "work_email_history" USING btree ("user_id","verified_at","created_at");--> statement-breakpoint
CREATE INDEX "work_email_history_domain_user_idx" ON "work_email_history" USING btree ("domain","user_id");
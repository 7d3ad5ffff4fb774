CREATE TABLE "resume_texts" (
	"file_id" uuid PRIMARY KEY NOT NULL,
	"outcome" text NOT NULL,
	"text" "bytea",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "resume_texts" ADD CONSTRAINT "resume_texts_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;
CREATE TABLE "job_word_counts" (
	"word" text PRIMARY KEY NOT NULL,
	"jobs" integer NOT NULL
);

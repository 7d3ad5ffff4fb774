-- Search at a million jobs (issue 12): each job post keeps itself as a job list answers it, as JSON text
-- (`list_json`: the post's own fields, `isApplied` false), written by a row trigger on every insert and
-- update. A search's page splices these with the company's logo, the referrer's verified state and
-- figures (which change on their own) instead of writing every field of every post as JSON again: that
-- writing, and the joins that fed it, cost more than finding the page.
ALTER TABLE "job_posts" ADD COLUMN "list_json" text;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION referio_job_list_json(j job_posts) RETURNS text
  LANGUAGE sql STABLE AS $$
  SELECT json_build_object(
    '_id', j.id, 'userId', j.user_id, 'jobTitle', j.job_title, 'companyName', j.company_name,
    'jobLocation', j.job_location, 'address', j.address, 'companyLogo', coalesce(j.company_logo, ''),
    'industry', j.industry, 'experience', j.experience, 'jobType', j.job_type,
    'salaryRange', j.salary_range, 'requiredSkills', j.required_skills,
    'jobDescription', j.job_description, 'notes', j.notes, 'status', j.status,
    'totalReferrals', j.total_referrals, 'referralBonus', j.referral_bonus,
    'createdAt', to_char(j.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'isApplied', false)::text
$$;
--> statement-breakpoint
-- The existing posts (the statement triggers have nothing to do: no token changes).
ALTER TABLE "job_posts" DISABLE TRIGGER USER;
--> statement-breakpoint
UPDATE job_posts j SET list_json = referio_job_list_json(j);
--> statement-breakpoint
ALTER TABLE "job_posts" ENABLE TRIGGER USER;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION referio_job_posts_list_json() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  NEW.list_json := referio_job_list_json(NEW);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER job_posts_list_json BEFORE INSERT OR UPDATE ON job_posts
  FOR EACH ROW EXECUTE FUNCTION referio_job_posts_list_json();

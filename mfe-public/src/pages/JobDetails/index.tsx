import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import {
  Button,
  afterProfileChange,
  afterReferralChange,
  MESSAGES,
  Modal,
  Spinner,
  ApiError,
  formatJobLocation,
  formatLpa,
  jobQueries,
  resumesQueries,
  isJobActive,
  toast,
  useCurrentUser,
  useDashboardNavigate,
  useDocumentHead,
  type JobPostDetails,
  type PublicJobPost,
  paths,
} from '@referio/shared';
import { BlockButton, ReportButton, ResponsivenessLine, VerifiedBadge } from '@referio/shared/jobs';
import {
  ResumeUploadModal,
  type ResumeChoice,
} from '../../features/referral/components/ResumeUploadModal';
import {
  MissingDataError,
  referralFailureMessage,
  requestReferral,
} from '../../features/referral/api/requestReferral';
import { JobPageActions } from '../../features/jobs/components/JobPageActions';
import { SimilarJobs } from '../../features/jobs/components/SimilarJobs';
import { signInPathFor } from '../../lib/returnTo';
import { JOB_NOT_FOUND_HEAD, jobHead } from '../../ssr/jobPosting';
import { useGoBack } from '../../hooks/useGoBack';
import { useSignInPrompt } from '../../hooks/useSignInPrompt';
import './JobDetails.css';
import { LoadFailed } from '../../components/LoadFailed';

/**
 * /job-details/:id: the job, its referrer, and the referral request with a resume. A signed-out visitor sees
 * the job as anyone may (rendered on the server, docs/seo.md); the referrer's contact and the request need
 * sign-in: 'Request a Referral' gives the spec's prompt and goes to /sign-in, which brings them back here.
 */
export default function JobDetails() {
  const user = useCurrentUser();
  if (!user) return <PublicJobDetails />;
  return <SignedInJobDetails userId={user._id} />;
}

/** An unknown job id: "Job not found" with the way to the open jobs (the server answers it with 404). */
function JobNotFound() {
  useDocumentHead(JOB_NOT_FOUND_HEAD);
  return (
    <section className="rf-job rf-job--missing" aria-labelledby="rf-job-title">
      <h1 id="rf-job-title">Job not found</h1>
      <p className="rf-job__missing-text">
        This job does not exist or was removed. The open jobs are on the job list.
      </p>
      <div className="rf-job__missing-action">
        <Link to={paths.companyList()} className="rf-btn rf-btn--primary rf-btn--md">
          Browse jobs
        </Link>
      </div>
      <SimilarJobs jobId={null} />
    </section>
  );
}

function JobLoading() {
  return (
    <section className="rf-job" aria-labelledby="rf-job-title">
      <BackLink />
      <h1 id="rf-job-title" className="rf-visually-hidden">
        Job Details
      </h1>
      <Spinner label="Loading the job" />
    </section>
  );
}

function JobFailed({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <section className="rf-job" aria-labelledby="rf-job-title">
      <BackLink />
      <h1 id="rf-job-title">Job Details</h1>
      <LoadFailed title="This job could not be loaded" error={error} retry={retry} />
    </section>
  );
}

function PublicJobDetails() {
  const { id = '' } = useParams();
  const query = useQuery(jobQueries.publicDetail(id));
  if (query.isPending) return <JobLoading />;
  if (query.isError) return <JobFailed error={query.error} retry={() => void query.refetch()} />;
  if (!query.data) return <JobNotFound />;
  // Keyed by the job: moving to a similar job starts its page afresh (no request state carried over).
  return <JobView key={query.data._id} job={query.data} userId={null} />;
}

function BackLink() {
  const goBack = useGoBack(paths.companyList());
  return (
    <Link
      to={paths.companyList()}
      className="rf-job__back"
      onClick={(e) => {
        e.preventDefault();
        goBack();
      }}
    >
      <span aria-hidden="true">← </span>Back
    </Link>
  );
}

function SignedInJobDetails({ userId }: { userId: string }) {
  const { id = '' } = useParams();
  const query = useQuery(jobQueries.detail(id, userId));
  if (query.isPending) return <JobLoading />;
  if (query.isError && query.error instanceof ApiError && [400, 404].includes(query.error.status))
    return <JobNotFound />;
  if (query.isError || !query.data)
    return <JobFailed error={query.error} retry={() => void query.refetch()} />;
  return <JobView key={query.data._id} job={query.data} userId={userId} />;
}

type Job = JobPostDetails | PublicJobPost;
type Referrer = Extract<Job['userId'], object>;

/** The job; `userId` null: a signed-out visitor (no referrer contact, the request asks them to sign in). */
function JobView({ job, userId }: { job: Job; userId: string | null }) {
  const queryClient = useQueryClient();
  const go = useDashboardNavigate();
  const [uploadOpen, setUploadOpen] = useState(false);
  const [sentOpen, setSentOpen] = useState(false);
  const [requested, setRequested] = useState(false);
  useDocumentHead(jobHead(job));
  // The candidate's resumes, offered by the request (read when the modal opens).
  const resumes = useQuery({
    ...resumesQueries.of(userId ?? ''),
    enabled: uploadOpen && Boolean(userId),
  });

  const referrer = typeof job.userId === 'object' ? job.userId : null;
  const applied = job.isApplied || requested;
  const ownJob = Boolean(userId) && referrer?._id === userId;
  // A closed job says so before the candidate picks a resume (the API refuses the request anyway).
  const closed = !isJobActive(job.status);

  const submit = async (choice: ResumeChoice, onProgress: (p: number) => void) => {
    if (!userId) return false;
    try {
      await requestReferral({
        file: choice.file ?? null,
        replaceId: choice.replaceId,
        resumeId: choice.resumeId,
        note: choice.note,
        userId,
        targetUserId: referrer?._id,
        jobPostId: job._id,
        onProgress,
      });
    } catch (err) {
      // The modal checks for a resume first; anything else missing (no referrer) says so in a toast.
      if (err instanceof MissingDataError) toast.error(MESSAGES.missingRequiredData);
      else toast.error(referralFailureMessage(err));
      // A resume deleted meanwhile (or a new file saved before the request failed): offer the list as it is.
      void resumes.refetch();
      return false;
    }
    setRequested(true);
    setUploadOpen(false);
    setSentOpen(true);
    void afterReferralChange(queryClient);
    // A new file is one of the resumes now (the profile and the next request show it).
    if (choice.file) void afterProfileChange(queryClient, userId);
    return true;
  };

  return (
    <article className="rf-job" aria-labelledby="rf-job-title">
      <BackLink />
      <JobHeader job={job} applied={applied} closed={closed} userId={userId} />

      <div className="rf-job__layout">
        <JobBody job={job} />
        <ReferrerPanel
          job={job}
          userId={userId}
          referrer={referrer}
          ownJob={ownJob}
          closed={closed}
          applied={applied}
          onRequest={() => setUploadOpen(true)}
        />
      </div>

      <SimilarJobs jobId={job._id} />

      <ResumeUploadModal
        open={uploadOpen}
        onClose={() => setUploadOpen(false)}
        onSubmit={submit}
        jobTitle={job.jobTitle}
        jobId={job._id}
        // A failed read offers the upload alone.
        resumes={resumes.isError ? [] : resumes.data}
      />

      <Modal
        open={sentOpen}
        onClose={() => setSentOpen(false)}
        title="Referral Request Sent!"
        size="sm"
        footer={<Button onClick={() => go('myReferralRequests')}>Trace Your Status</Button>}
      >
        <p>
          Your resume and request went to the referrer of {job.jobTitle} at {job.companyName}. You
          can follow its status in your dashboard.
        </p>
      </Modal>
    </article>
  );
}

/** The job's title, company (with its page) and badges, and the page's actions (save, share). */
function JobHeader({
  job,
  applied,
  closed,
  userId,
}: {
  job: Job;
  applied: boolean;
  closed: boolean;
  userId: string | null;
}) {
  return (
    <header className="rf-job__header">
      {job.companyLogo && (
        <img className="rf-job__logo" src={job.companyLogo} alt="" width={56} height={56} />
      )}
      <div>
        <h1 id="rf-job-title">{job.jobTitle}</h1>
        <p className="rf-job__company">
          {job.companyId ? (
            <Link to={paths.company(job.companyId, job.companyName)}>{job.companyName}</Link>
          ) : (
            job.companyName
          )}
        </p>
        <VerifiedBadge
          companyName={job.companyName}
          status={job.verifiedAtCompany}
          domain={job.verifiedDomain}
        />
      </div>
      {applied && <span className="rf-badge rf-badge--success">Already Applied</span>}
      {closed && !applied && <span className="rf-badge rf-badge--danger">Closed</span>}
      <JobPageActions job={job} userId={userId} />
    </header>
  );
}

/** The job's facts, description, responsibilities and skills. */
function JobBody({ job }: { job: Job }) {
  return (
    <div className="rf-job__main">
      <dl className="rf-job__facts">
        <div>
          <dt>Location</dt>
          <dd>{formatJobLocation(job.jobLocation, job.address)}</dd>
        </div>
        <div>
          <dt>Job type</dt>
          <dd>{job.jobType}</dd>
        </div>
        <div>
          <dt>Experience</dt>
          <dd>{job.experience} years</dd>
        </div>
        <div>
          <dt>Salary</dt>
          <dd>{formatLpa(job.salaryRange)}</dd>
        </div>
      </dl>

      <section aria-labelledby="rf-job-description">
        <h2 id="rf-job-description">Job description</h2>
        <ul>
          {job.jobDescription.map((line, i) => (
            <li key={i}>{line}</li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="rf-job-responsibilities">
        <h2 id="rf-job-responsibilities">Responsibilities</h2>
        <ul>
          {job.notes.map((line, i) => (
            <li key={i}>{line}</li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="rf-job-skills">
        <h2 id="rf-job-skills">Skills</h2>
        <ul className="rf-job__skills">
          {job.requiredSkills.map((skill) => (
            <li key={skill} className="rf-chip">
              {skill}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

/**
 * Who posted the job and the request button: disabled on one's own or a closed job, a sign-in prompt for a
 * visitor; report and block for the referrer.
 */
function ReferrerPanel({
  job,
  userId,
  referrer,
  ownJob,
  closed,
  applied,
  onRequest,
}: {
  job: Job;
  userId: string | null;
  referrer: Referrer | null;
  ownJob: boolean;
  closed: boolean;
  applied: boolean;
  onRequest: () => void;
}) {
  const navigate = useNavigate();
  const prompt = useSignInPrompt();
  const { pathname } = useLocation();
  return (
    <aside className="rf-job__panel rf-card" aria-labelledby="rf-job-referrer">
      <h2 id="rf-job-referrer">Get Referrals from Employee</h2>
      {!userId && (
        <p className="rf-job__note">
          <Link to={signInPathFor(pathname)}>Sign in</Link> to see who posted this job and ask them
          for a referral.
        </p>
      )}
      {referrer?.fullName && <p className="rf-job__referrer-name">{referrer.fullName}</p>}
      <VerifiedBadge
        className="rf-job__referrer-badge"
        companyName={job.companyName}
        status={job.verifiedAtCompany}
        domain={job.verifiedDomain}
      />
      {referrer?.position && <p className="rf-job__referrer-position">{referrer.position}</p>}
      <ResponsivenessLine value={job.responsiveness} className="rf-job__responsiveness" />
      {ownJob ? (
        <>
          <Button fullWidth disabled aria-describedby="rf-job-own">
            Request a Referral
          </Button>
          <p id="rf-job-own" className="rf-job__note">
            You posted this job, so you can't request a referral for it.
          </p>
        </>
      ) : closed && !applied ? (
        <>
          <Button fullWidth disabled aria-describedby="rf-job-closed">
            Request a Referral
          </Button>
          <p id="rf-job-closed" className="rf-job__note">
            {MESSAGES.jobClosed}
          </p>
        </>
      ) : !userId ? (
        <Button fullWidth onClick={() => prompt(MESSAGES.signInToRequestReferral)}>
          Request a Referral
        </Button>
      ) : (
        <Button fullWidth disabled={applied} onClick={onRequest}>
          {applied ? 'Referral Requested' : 'Request a Referral'}
        </Button>
      )}
      {!ownJob && referrer?._id && (
        <div className="rf-job__trust" role="group" aria-label="Report or block">
          <ReportButton
            targetKind="job_post"
            targetId={job._id}
            what="this job post or its referrer"
          />
          <BlockButton
            userId={referrer._id}
            name={referrer.fullName || 'this referrer'}
            onBlocked={() => void navigate(paths.companyList())}
          />
        </div>
      )}
    </aside>
  );
}

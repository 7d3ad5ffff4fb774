import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  EmptyState,
  JOBS_PAGE_SIZE,
  MESSAGES,
  Modal,
  Pagination,
  SEARCH_DEBOUNCE_MS,
  SearchBox,
  Spinner,
  Tabs,
  toast,
  updateJobStatus,
  useCurrentUser,
  useDashboardNavigate,
  useDebouncedValue,
  afterJobChange,
  jobQueries,
  type JobPost,
  type JobStatus,
  paths,
} from '@referio/shared';
import { EditJobModal } from '../../features/jobs/components/EditJobModal';
import { JobDetailsModal } from '../../features/jobs/components/JobDetailsModal';
import { JobPostCard } from '../../features/jobs/components/JobPostCard';
import '../../referrer.css';

type TabKey = 'all' | JobStatus;
const TABS: { key: TabKey; label: string }[] = [
  { key: 'all', label: 'All' },
  { key: 'active', label: 'Active' },
  { key: 'inactive', label: 'Inactive Jobs' },
];

/**
 * 'jobPosts': the referrer's own posts, searched and filtered by status on the server, 9 per page.
 * The active switch saves at once and rolls back (with a toast) when the save fails.
 */
export default function JobPosts() {
  const user = useCurrentUser();
  const userId = user?._id ?? '';
  const navigate = useNavigate();
  const go = useDashboardNavigate();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [tab, setTab] = useState<TabKey>('all');
  const [page, setPage] = useState(1);
  /** Statuses saved (or being saved) here, shown before the list is fetched again. */
  const [overrides, setOverrides] = useState<Record<string, JobStatus>>({});
  const [saving, setSaving] = useState<Record<string, boolean>>({});
  const [details, setDetails] = useState<JobPost | null>(null);
  const [editing, setEditing] = useState<JobPost | null>(null);
  const [updated, setUpdated] = useState(false);

  const status = tab === 'all' ? undefined : tab;
  const list = useQuery({
    ...jobQueries.own({ userId, search: debounced, status, page }),
    placeholderData: keepPreviousData,
  });
  const jobs = (list.data?.data ?? []).map((j) =>
    overrides[j._id] ? { ...j, status: overrides[j._id]! } : j,
  );
  const pageCount = Math.max(1, Math.ceil((list.data?.total ?? 0) / JOBS_PAGE_SIZE));

  const toggle = async (job: JobPost, active: boolean) => {
    const next: JobStatus = active ? 'active' : 'inactive';
    const previous = job.status;
    setOverrides((o) => ({ ...o, [job._id]: next }));
    setSaving((s) => ({ ...s, [job._id]: true }));
    try {
      await updateJobStatus(job._id, next);
      // Other tabs and pages are stale now; this one keeps its cards until it is fetched again.
      void afterJobChange(queryClient, { refetchType: 'none' });
    } catch (err) {
      console.error('[referio] job status update failed', err);
      setOverrides((o) => ({ ...o, [job._id]: previous }));
      toast.error(MESSAGES.jobUpdateFailed);
    } finally {
      setSaving((s) => ({ ...s, [job._id]: false }));
    }
  };

  return (
    <section className="rr-page" aria-labelledby="rr-jobposts-title">
      <div className="rr-section-head">
        <h1 id="rr-jobposts-title">Manage Your Job Posts Effortlessly!</h1>
        <Button onClick={() => void navigate(paths.createJobPost())}>+ Job Post</Button>
      </div>
      <SearchBox
        value={search}
        onChange={(v) => {
          setSearch(v);
          setPage(1);
        }}
        placeholder="Browse companies & Job Roles"
      />
      <Tabs
        label="Job posts by status"
        value={tab}
        onChange={(k) => {
          setTab(k);
          setPage(1);
        }}
        tabs={TABS}
      >
        {list.isPending ? (
          <Spinner label="Loading job posts" />
        ) : list.isError ? (
          <EmptyState title={MESSAGES.fetchJobsError} />
        ) : jobs.length === 0 ? (
          <EmptyState title={debounced ? MESSAGES.noJobsMatch : 'No job posts yet.'} />
        ) : (
          <div className="rf-card-grid rr-grid">
            {jobs.map((job) => (
              <JobPostCard
                key={job._id}
                job={job}
                saving={!!saving[job._id]}
                onToggle={(j, a) => void toggle(j, a)}
                onDetails={setDetails}
              />
            ))}
          </div>
        )}
      </Tabs>
      <Pagination
        page={page}
        pageCount={pageCount}
        onPageChange={setPage}
        label="Job posts pages"
      />

      <JobDetailsModal
        job={details}
        onClose={() => setDetails(null)}
        onGiveReferral={() => {
          setDetails(null);
          go('referralRequests');
        }}
        onEdit={(job) => {
          setDetails(null);
          setEditing(job);
        }}
      />
      {editing && (
        <EditJobModal
          job={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            setUpdated(true);
            void afterJobChange(queryClient);
          }}
        />
      )}
      <Modal
        open={updated}
        onClose={() => setUpdated(false)}
        title="Job Updated!"
        size="sm"
        footer={<Button onClick={() => setUpdated(false)}>OK</Button>}
      >
        <p>Your changes to the job post are saved.</p>
      </Modal>
    </section>
  );
}

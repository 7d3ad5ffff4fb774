import { eq, sql } from 'drizzle-orm';
import type { ExperienceBand, MatchSummary, ResumeTextOutcome } from '../contract';
import type { Db } from '../db';
import { jobPosts, referralRequests, resumeTexts } from '../db/schema';
import { decryptFile, encryptFile, type FileKey } from '../lib/file-crypto';
import { extractPdfText, type PdfTextLimits } from '../lib/pdf-text';
import { matchSkills, yearsOfExperience } from '../lib/resume-match';
import type { Storage } from '../plugins/storage';
import type { FileRow } from './uploads';

/** What the match reads of a job. */
export interface MatchJob {
  requiredSkills: string[];
  experience: ExperienceBand;
}

export interface ResumeText {
  outcome: ResumeTextOutcome;
  text: string | null;
}

/** Readings at once per API instance (each is a process of its own). */
const PARALLEL_READINGS = 2;
/** After this long a reading that ran out of time is tried again. */
const SLOW_RETRY_MS = 60 * 60 * 1000;

/**
 * Match summaries (docs/decisions-referrer.md, "Match summary"): a resume's text is read at most once per
 * stored file (a PDF in a process of its own with time and memory limits) and kept in `resume_texts`, encrypted like
 * the file; a summary is then the job's skills and band against that text.
 */
export class ResumeMatchService {
  private readonly inFlight = new Map<string, Promise<ResumeText>>();
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly db: Db,
    private readonly storage: Storage,
    private readonly keys: FileKey[],
    private readonly limits: PdfTextLimits,
    private readonly now: () => Date,
  ) {}

  /** A job's skills and band; null when there is no such job. */
  async job(id: string): Promise<MatchJob | null> {
    const [row] = await this.db
      .select({ requiredSkills: jobPosts.requiredSkills, experience: jobPosts.experience })
      .from(jobPosts)
      .where(eq(jobPosts.id, id))
      .limit(1);
    return row ?? null;
  }

  /** Who sent and received a request, and its job; null when there is no such request. */
  async request(
    id: string,
  ): Promise<{ senderId: string; recipientId: string; jobPostId: string } | null> {
    const [row] = await this.db
      .select({
        senderId: referralRequests.senderId,
        recipientId: referralRequests.recipientId,
        jobPostId: referralRequests.jobPostId,
      })
      .from(referralRequests)
      .where(eq(referralRequests.id, id))
      .limit(1);
    return row ?? null;
  }

  /** The summary of a resume file (null: none kept) against a job. */
  async summary(file: FileRow | null, job: MatchJob): Promise<MatchSummary> {
    const jobExperience = job.experience;
    if (!file) return { status: 'no_resume', matched: [], missing: [], years: null, jobExperience };
    const { outcome, text } = await this.textOf(file);
    if (outcome !== 'read' || text === null) {
      return { status: outcome, matched: [], missing: [], years: null, jobExperience };
    }
    return {
      status: 'read',
      ...matchSkills(text, job.requiredSkills),
      years: yearsOfExperience(text, this.now()),
      jobExperience,
    };
  }

  /** The file's text: kept, or read now (once, however many ask at the same time). */
  async textOf(file: FileRow): Promise<ResumeText> {
    const kept = await this.kept(file.id);
    if (kept) return kept;
    let reading = this.inFlight.get(file.id);
    if (!reading) {
      reading = this.read(file).finally(() => this.inFlight.delete(file.id));
      this.inFlight.set(file.id, reading);
    }
    return reading;
  }

  /**
   * The outcome kept for the file, if any. A reading that ran out of time is tried again an hour later: it may
   * have met a busy machine rather than a bad file.
   */
  private async kept(fileId: string): Promise<ResumeText | null> {
    const [row] = await this.db
      .select({
        outcome: resumeTexts.outcome,
        text: resumeTexts.text,
        createdAt: resumeTexts.createdAt,
      })
      .from(resumeTexts)
      .where(eq(resumeTexts.fileId, fileId))
      .limit(1);
    if (!row) return null;
    const age = this.now().getTime() - row.createdAt.getTime();
    if (row.outcome === 'too_slow' && age >= SLOW_RETRY_MS) return null;
    return {
      outcome: row.outcome,
      text: row.text ? decryptFile(row.text, this.keys).toString('utf8') : null,
    };
  }

  /** Reads the file's text (a PDF's, in a process of its own) and keeps the outcome; a missing file is not kept. */
  private async read(file: FileRow): Promise<ResumeText> {
    if (file.mime !== 'application/pdf')
      return this.keep(file.id, { outcome: 'not_pdf', text: null });
    const stored = await this.storage.get(file.storageKey);
    if (!stored) return { outcome: 'unreadable', text: null };
    const chunks: Buffer[] = [];
    for await (const chunk of stored.body) chunks.push(Buffer.from(chunk as Uint8Array));
    const result = await this.slot(() => extractPdfText(Buffer.concat(chunks), this.limits));
    return this.keep(
      file.id,
      result.outcome === 'read'
        ? { outcome: 'read', text: result.text }
        : { outcome: result.outcome, text: null },
    );
  }

  private async keep(fileId: string, text: ResumeText): Promise<ResumeText> {
    await this.db
      .insert(resumeTexts)
      .values({
        fileId,
        outcome: text.outcome,
        text:
          text.text === null ? null : encryptFile(Buffer.from(text.text, 'utf8'), this.keys[0]!),
        createdAt: this.now(),
      })
      .onConflictDoUpdate({
        target: resumeTexts.fileId,
        set: { outcome: sql`excluded.outcome`, text: sql`excluded.text`, createdAt: this.now() },
        // Only a reading that ran out of time is ever read again (kept()).
        where: eq(resumeTexts.outcome, 'too_slow'),
      });
    return text;
  }

  /** Runs `work` when fewer than PARALLEL_READINGS readings run (a finished one hands its slot over). */
  private async slot<T>(work: () => Promise<T>): Promise<T> {
    if (this.running < PARALLEL_READINGS) this.running++;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}

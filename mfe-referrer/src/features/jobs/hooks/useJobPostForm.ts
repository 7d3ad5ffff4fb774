import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  ApiError,
  MESSAGES,
  afterJobChange,
  createJobPost,
  toast,
  useCurrentUser,
  type JobWizardStep1,
  type JobWizardStep2,
  type VerifiedCompany,
} from '@referio/shared';
import {
  jobWizardStep1Schema,
  jobWizardStep2Schema,
  toCreateJobPostRequest,
} from '@referio/shared/contract';

/** The wizard's first step as typed: selects start empty ('select' is not a choice). */
export type Step1Form = Record<keyof JobWizardStep1, string>;
export interface Step2Form {
  jobDescription: string[];
  experience: string;
  requiredSkills: string[];
  salaryRange: string;
  notes: string[];
}

export const EMPTY_STEP1: Step1Form = {
  companyName: '',
  jobTitle: '',
  jobLocationType: '',
  industry: '',
  jobType: '',
  jobAddress: '',
};
export const EMPTY_STEP2: Step2Form = {
  jobDescription: [],
  experience: '',
  requiredSkills: [],
  salaryRange: '',
  notes: [],
};

/**
 * The create-job wizard's state: both steps' fields, the step shown, the spec's step errors, and the post.
 * `next` checks step 1; `submit` checks both (back to step 1 when it is incomplete), posts, clears the
 * form and sets `live` for 'Your Job Post is Live!'.
 */
export function useJobPostForm() {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<1 | 2>(1);
  const [s1, setS1] = useState<Step1Form>(EMPTY_STEP1);
  const [s2, setS2] = useState<Step2Form>(EMPTY_STEP2);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [live, setLive] = useState(false);
  /** The server refused: not verified at that company ('Verify Work Email' opens the modal). */
  const [verifyNeeded, setVerifyNeeded] = useState(false);

  /** Something was typed: Cancel asks before leaving. */
  const dirty =
    Object.values(s1).some((v) => v.trim() !== '') ||
    s2.jobDescription.length + s2.requiredSkills.length + s2.notes.length > 0 ||
    s2.experience !== '' ||
    s2.salaryRange.trim() !== '';

  const setStep1 = (key: keyof Step1Form, value: string) => setS1((f) => ({ ...f, [key]: value }));
  const setStep2 = (patch: Partial<Step2Form>) => setS2((f) => ({ ...f, ...patch }));

  const next = (e: FormEvent) => {
    e.preventDefault();
    if (!jobWizardStep1Schema.safeParse(s1).success) {
      setError(MESSAGES.step1Required);
      return;
    }
    setError(null);
    setStep(2);
  };

  const back = () => {
    setError(null);
    setStep(1);
  };

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    const one = jobWizardStep1Schema.safeParse(s1);
    if (!one.success) {
      setError(MESSAGES.step1Required);
      setStep(1);
      return;
    }
    const two = jobWizardStep2Schema.safeParse(s2);
    if (!two.success) {
      setError(MESSAGES.step2Required);
      return;
    }
    setError(null);
    setSubmitting(true);
    try {
      await createJobPost(
        toCreateJobPostRequest(one.data, two.data as JobWizardStep2, user?._id || undefined),
      );
      await afterJobChange(queryClient);
      setS1(EMPTY_STEP1);
      setS2(EMPTY_STEP2);
      setStep(1);
      setLive(true);
    } catch (err) {
      // 403: not verified at that company; the server's message says what to verify, inline (a toast
      // covered it), and the page opens the work-email dialog; once verified the post goes by itself.
      if (err instanceof ApiError && err.status === 403 && err.serverMessage) {
        setError(err.serverMessage);
        setVerifyNeeded(true);
        return;
      }
      console.error('[referio] job post creation failed', err);
      setError(MESSAGES.jobCreateFailed);
      toast.error(MESSAGES.jobCreateFailed);
    } finally {
      setSubmitting(false);
    }
  };

  return {
    step,
    s1,
    s2,
    setStep1,
    setStep2,
    error,
    dirty,
    next,
    back,
    submit,
    submitting,
    live,
    closeLive: () => setLive(false),
    verifyNeeded,
    /**
     * After the work e-mail was verified: the refusal no longer holds, and a post it refused goes again by
     * itself. Verified before step 1 with an address that counts for one company: its name is filled in.
     */
    verified: async (companies: readonly VerifiedCompany[] = []) => {
      const held = verifyNeeded;
      setVerifyNeeded(false);
      setError(null);
      if (companies.length === 1 && !s1.companyName.trim()) {
        setS1((f) => ({ ...f, companyName: companies[0]!.companyName }));
      }
      if (held) await submit();
    },
  };
}

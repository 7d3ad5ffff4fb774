import type { FormEvent, ReactNode } from 'react';
import { Button, SelectField, TagInput, TextField } from '@referio/shared';
import { experienceOptions } from '../../../lib/labels';
import type { Step2Form } from '../hooks/useJobPostForm';

export interface JobStepTwoProps {
  values: Step2Form;
  onChange: (patch: Partial<Step2Form>) => void;
  onSubmit: (e: FormEvent) => void;
  onBack: () => void;
  submitting: boolean;
  cancelButton: ReactNode;
}

/** Step 2 of the create-job wizard: description sentences, experience, skills, notes, salary. */
export function JobStepTwo({
  values,
  onChange,
  onSubmit,
  onBack,
  submitting,
  cancelButton,
}: JobStepTwoProps) {
  return (
    <form className="rf-card rr-form" noValidate onSubmit={onSubmit} aria-label="Step 2: details">
      <TagInput
        label="Job Description"
        itemName="sentence"
        separator="."
        required
        placeholder="Type a sentence, then Enter or '.'"
        items={values.jobDescription}
        onChange={(jobDescription) => onChange({ jobDescription })}
      />
      <SelectField
        label="Experience"
        required
        placeholder="Select"
        options={experienceOptions}
        value={values.experience}
        onChange={(e) => onChange({ experience: e.target.value })}
      />
      <TagInput
        label="Required Skills"
        itemName="skill"
        separator=","
        required
        placeholder="Type a skill, then Enter or ','"
        items={values.requiredSkills}
        onChange={(requiredSkills) => onChange({ requiredSkills })}
      />
      <TagInput
        label="Notes"
        itemName="note"
        separator=","
        required
        placeholder="Type a note, then Enter or ','"
        items={values.notes}
        onChange={(notes) => onChange({ notes })}
      />
      <TextField
        label="Salary Range (LPA)"
        required
        placeholder="e.g. 12-18"
        value={values.salaryRange}
        onChange={(e) => onChange({ salaryRange: e.target.value })}
      />
      <div className="rr-form__actions">
        {cancelButton}
        <Button variant="secondary" onClick={onBack}>
          Back to Step 1
        </Button>
        <Button type="submit" busy={submitting} busyLabel="Posting...">
          Post Job
        </Button>
      </div>
    </form>
  );
}

import type { FormEvent, ReactNode } from 'react';
import { Button, SelectField, TextField } from '@referio/shared';
import { TagInput } from '@referio/shared/forms';
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

/** The step's three lists, each typed item by item: its label, what one item is called, its separator. */
const LIST_FIELDS = {
  jobDescription: { label: 'Job Description', itemName: 'sentence', separator: '.' },
  requiredSkills: { label: 'Required Skills', itemName: 'skill', separator: ',' },
  notes: { label: 'Notes', itemName: 'note', separator: ',' },
} as const;

function ListField({
  field,
  values,
  onChange,
}: { field: keyof typeof LIST_FIELDS } & Pick<JobStepTwoProps, 'values' | 'onChange'>) {
  const { label, itemName, separator } = LIST_FIELDS[field];
  return (
    <TagInput
      label={label}
      itemName={itemName}
      separator={separator}
      required
      placeholder={`Type a ${itemName}, then Enter or '${separator}'`}
      items={values[field]}
      onChange={(items) => onChange({ [field]: items })}
    />
  );
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
      <ListField field="jobDescription" values={values} onChange={onChange} />
      <SelectField
        label="Experience"
        required
        placeholder="Select"
        options={experienceOptions}
        value={values.experience}
        onChange={(e) => onChange({ experience: e.target.value })}
      />
      <ListField field="requiredSkills" values={values} onChange={onChange} />
      <ListField field="notes" values={values} onChange={onChange} />
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

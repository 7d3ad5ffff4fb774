import type { FormEvent, ReactNode } from 'react';
import { Button, SelectField, TextField, VERIFIED_TEXTS } from '@referio/shared';
import { industryOptions, jobTypeOptions, locationOptions } from '../../../lib/labels';
import type { Step1Form } from '../hooks/useJobPostForm';

export interface JobStepOneProps {
  values: Step1Form;
  onChange: (key: keyof Step1Form, value: string) => void;
  onNext: (e: FormEvent) => void;
  cancelButton: ReactNode;
}

/** Step 1 of the create-job wizard: company, title, location type, industry, job type, address. */
export function JobStepOne({ values, onChange, onNext, cancelButton }: JobStepOneProps) {
  const field = (key: keyof Step1Form) => ({
    value: values[key],
    onChange: (e: { target: { value: string } }) => onChange(key, e.target.value),
  });
  return (
    <form className="rf-card rr-form" noValidate onSubmit={onNext} aria-label="Step 1: the job">
      <TextField
        label="Company Name"
        required
        autoComplete="organization"
        hint={VERIFIED_TEXTS.companyHint}
        {...field('companyName')}
      />
      <TextField label="Job Title" required {...field('jobTitle')} />
      <SelectField
        label="Job Location"
        required
        placeholder="Select"
        options={locationOptions}
        {...field('jobLocationType')}
      />
      <SelectField
        label="Industry"
        required
        placeholder="Select"
        options={industryOptions}
        {...field('industry')}
      />
      <SelectField
        label="Job Type"
        required
        placeholder="Select"
        options={jobTypeOptions}
        {...field('jobType')}
      />
      <TextField label="Address" required {...field('jobAddress')} />
      <div className="rr-form__actions">
        {cancelButton}
        <Button type="submit">Next</Button>
      </div>
    </form>
  );
}

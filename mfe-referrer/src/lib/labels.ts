// Readable labels for the contract's enums (the values themselves are what the API stores).
import {
  EXPERIENCE_BANDS,
  INDUSTRIES,
  INDUSTRY_LABELS,
  JOB_LOCATIONS,
  JOB_TYPES,
  experienceLabel,
  type SelectOption,
} from '@referio/shared';

// The labels themselves are shared with the job filters (@referio/shared, contract/filters.ts).
export { INDUSTRY_LABELS, experienceLabel, industryLabel } from '@referio/shared';

export const industryOptions: SelectOption[] = INDUSTRIES.map((v) => ({
  value: v,
  label: INDUSTRY_LABELS[v],
}));
export const locationOptions: SelectOption[] = JOB_LOCATIONS.map((v) => ({ value: v, label: v }));
export const jobTypeOptions: SelectOption[] = JOB_TYPES.map((v) => ({ value: v, label: v }));
export const experienceOptions: SelectOption[] = EXPERIENCE_BANDS.map((v) => ({
  value: v,
  label: experienceLabel(v),
}));

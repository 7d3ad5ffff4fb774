// Readable labels for the contract's enums (the values themselves are what the API stores).
import {
  EXPERIENCE_BANDS,
  INDUSTRIES,
  JOB_LOCATIONS,
  JOB_TYPES,
  type ExperienceBand,
  type Industry,
  type SelectOption,
} from '@referio/shared';

export const INDUSTRY_LABELS: Record<Industry, string> = {
  it: 'IT',
  marketing: 'Marketing',
  finance: 'Finance',
  sales: 'Sales',
};

export const industryLabel = (value: string | null | undefined): string =>
  (value && INDUSTRY_LABELS[value as Industry]) || value || '';

export const experienceLabel = (band: ExperienceBand | string | null | undefined): string =>
  band ? `${band} years` : '';

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

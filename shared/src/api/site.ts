// The public site's calls (companies, testimonials, subscribe, contact) and the react-query keys and
// options of its reads (`['site', kind, params]`).
import { queryOptions } from '@tanstack/react-query';
// The query options call this module's functions through its namespace, so a test that replaces a
// function (`mockSharedApi` in @referio/shared/test-utils) replaces it for the queries too.
import * as api from './site';
import type { Company, GetAllCompanyRequest, Testimonial } from '../contract/account';
import type { CompanyPage } from '../contract/companies';
import type { ContactUsRequest } from '../contract/contact';
import type { ListAnswer } from '../contract/jobPost';
import { ApiError, apiClient, seg, type Envelope, type MessageAnswer } from './client';

// In a module of its own (no react-query): the subscribe boxes are islands of the landing (shared/src/islands).
export { createSubscribe } from './subscribe';

/** GET /testimonials/getAllTestimonials */
export async function getAllTestimonials(): Promise<Testimonial[]> {
  return (await apiClient.get<Envelope<Testimonial[]>>('/testimonials/getAllTestimonials')).data
    .data;
}

/** POST /company/getAllCompany `{ search, start, limit }` */
export async function getAllCompany(body: GetAllCompanyRequest = {}): Promise<ListAnswer<Company>> {
  const res = await apiClient.post<Envelope<Company[]> & { total?: number }>(
    '/company/getAllCompany',
    body,
  );
  return { data: res.data.data, total: res.data.total ?? res.data.data.length };
}

/**
 * GET /company/:companyId: a company's public page, or null when there is no such company (the API's 404, or
 * 400 for an id that cannot be one): "Company not found" is an answer the page shows, on the server too.
 */
export async function getCompany(companyId: string): Promise<CompanyPage | null> {
  try {
    return (await apiClient.get<Envelope<CompanyPage>>(`/company/${seg(companyId)}`)).data.data;
  } catch (err) {
    if (err instanceof ApiError && (err.status === 404 || err.status === 400)) return null;
    throw err;
  }
}

/** POST /contactus/createContactUs: the message is shown. */
export async function createContactUs(body: ContactUsRequest): Promise<MessageAnswer> {
  return (await apiClient.post<MessageAnswer>('/contactus/createContactUs', body)).data;
}

export const siteKeys = {
  all: ['site'] as const,
  testimonials: () => ['site', 'testimonials', {}] as const,
  companies: ({ search, start, limit }: GetAllCompanyRequest) =>
    ['site', 'companies', { search, start, limit }] as const,
  /** A company's public page. */
  company: (companyId: string) => ['site', 'company', { companyId }] as const,
};

export const siteQueries = {
  testimonials: () =>
    queryOptions({ queryKey: siteKeys.testimonials(), queryFn: () => api.getAllTestimonials() }),
  companies: (body: GetAllCompanyRequest) =>
    queryOptions({ queryKey: siteKeys.companies(body), queryFn: () => api.getAllCompany(body) }),
  /** A company's page; null when there is no such company. */
  company: (companyId: string) =>
    queryOptions({
      queryKey: siteKeys.company(companyId),
      queryFn: () => api.getCompany(companyId),
      enabled: companyId !== '',
    }),
};

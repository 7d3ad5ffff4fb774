import type {
  Company,
  GetAllCompanyRequest,
  SubscribeRequest,
  Testimonial,
} from '../contract/account';
import type { ContactUsRequest } from '../contract/contact';
import type { ListAnswer } from '../contract/jobPost';
import { apiClient, type Envelope, type MessageAnswer } from './client';

/** POST /subscribe/createSubscribe `{ email }`: the message is shown. */
export async function createSubscribe(body: SubscribeRequest): Promise<MessageAnswer> {
  return (await apiClient.post<MessageAnswer>('/subscribe/createSubscribe', body)).data;
}

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

/** POST /contactus/createContactUs: the message is shown. */
export async function createContactUs(body: ContactUsRequest): Promise<MessageAnswer> {
  return (await apiClient.post<MessageAnswer>('/contactus/createContactUs', body)).data;
}

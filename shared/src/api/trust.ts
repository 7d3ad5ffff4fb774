// Reports and blocks (docs/trust-and-safety.md): one function per call.
import type { BlockedUser, CreateReportRequest, Report } from '../contract/trust';
import { apiClient, type Envelope, type MessageAnswer } from './client';

/** POST /trust/report: the report, with the server's thank-you message. */
export async function sendReport(
  body: CreateReportRequest,
): Promise<{ message: string; report: Report }> {
  const { data } = await apiClient.post<Envelope<Report>>('/trust/report', body);
  return { message: data.message ?? '', report: data.data };
}

/** POST /trust/block `{ userId }`. */
export async function blockUser(userId: string): Promise<MessageAnswer> {
  return (await apiClient.post<MessageAnswer>('/trust/block', { userId })).data;
}

/** POST /trust/unblock `{ userId }`. */
export async function unblockUser(userId: string): Promise<MessageAnswer> {
  return (await apiClient.post<MessageAnswer>('/trust/unblock', { userId })).data;
}

/** GET /trust/blocks: the users the caller blocked, newest first. */
export async function getBlockedUsers(): Promise<BlockedUser[]> {
  return (await apiClient.get<Envelope<BlockedUser[]>>('/trust/blocks')).data.data;
}

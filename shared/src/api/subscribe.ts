import type { SubscribeRequest } from '../contract/account';
import { apiClient, type MessageAnswer } from './client';

/** POST /subscribe/createSubscribe `{ email }`: the message is shown. */
export async function createSubscribe(body: SubscribeRequest): Promise<MessageAnswer> {
  return (await apiClient.post<MessageAnswer>('/subscribe/createSubscribe', body)).data;
}

import type { AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import { httpClient } from '../client';
import { chatEventsUrl, getMessages } from '../chat';

describe('chatEventsUrl', () => {
  it('points at the live stream under /api, with no query when nothing is given', () => {
    expect(chatEventsUrl()).toBe('/api/chat/events');
  });

  it('carries the last event id seen and the chat on screen', () => {
    expect(chatEventsUrl({ since: 0, open: 'c1' })).toBe('/api/chat/events?since=0&open=c1');
    expect(chatEventsUrl({ since: null, open: null })).toBe('/api/chat/events');
  });
});

describe('getMessages', () => {
  it('asks for the page before a message when paging up', async () => {
    const seen: InternalAxiosRequestConfig[] = [];
    const client = await httpClient();
    const adapter = client.defaults.adapter;
    client.defaults.adapter = async (config) => {
      seen.push(config);
      return {
        data: { success: true, data: [] },
        status: 200,
        statusText: 'OK',
        headers: {},
        config,
      } satisfies AxiosResponse;
    };
    try {
      await getMessages('c1', 1, 20, 'm5');
      await getMessages('c1');
    } finally {
      client.defaults.adapter = adapter;
    }
    expect(seen.map((c) => c.params)).toEqual([
      { page: 1, limit: 20, before: 'm5' },
      { page: 1, limit: 20 },
    ]);
  });
});

// GET /__mock/events over Fetch: mock.fetch() and the MSW control handlers (`controlHandlers`, "the
// control interface over HTTP") answer it as a stream of Server-Sent Events, as the standalone
// server does (mock README, "Control interface").
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockService, type MockService } from '../../src/index';

const NOW = '2026-06-15T08:00:00Z';

/** Reads the stream until `done(text)` holds; returns the text read so far. */
async function readUntil(body: ReadableStream<Uint8Array>, done: (text: string) => boolean): Promise<string> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  while (!done(text)) {
    const { value, done: ended } = await reader.read();
    if (ended) break;
    text += decoder.decode(value, { stream: true });
  }
  // Not awaited: a stream relayed by MSW's interceptor does not settle a cancel.
  reader.cancel().catch(() => undefined);
  return text;
}

async function bookingEventsThrough(mock: MockService, get: () => Promise<Response>): Promise<string> {
  const events = await get();
  expect(events.status).toBe(200);
  expect(events.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const body = events.body;
  if (!body) throw new Error('no body');
  const text = readUntil(body, (t) => t.includes('event: request'));
  await mock.fetch(
    new Request(`${mock.baseUrl}/api/v1/demo-bistro/info`, { headers: { 'X-API-Key': 'rk_demo_full' } }),
  );
  return text;
}

describe('the event stream over Fetch', () => {
  it('mock.fetch() answers GET /__mock/events with the events as they happen', async () => {
    const mock = createMockService({ now: NOW });
    const text = await bookingEventsThrough(mock, async () => {
      const answer = await mock.fetch(new Request(`${mock.baseUrl}/__mock/events`));
      if (!answer) throw new Error('not answered');
      return answer;
    });
    expect(text).toMatch(/^: connected\n\n/);
    const data = text.split('event: request\ndata: ')[1]?.split('\n')[0] ?? '';
    expect(JSON.parse(data)).toMatchObject({ method: 'GET', path: '/api/v1/demo-bistro/info', status: 200 });
    mock.close();
  });

  it('is not answered with control: false', async () => {
    const mock = createMockService({ now: NOW });
    expect(
      await mock.fetch(new Request(`${mock.baseUrl}/__mock/events`), { control: false }),
    ).toBeUndefined();
    mock.close();
  });

  describe('through the MSW control handlers', () => {
    const mock = createMockService({ now: NOW });
    const server = setupServer(...mock.controlHandlers, ...mock.handlers);
    beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
    afterAll(() => {
      server.close();
      mock.close();
    });

    it('answers GET /__mock/events as Server-Sent Events', async () => {
      const text = await bookingEventsThrough(mock, () => fetch(`${mock.baseUrl}/__mock/events`));
      expect(text).toContain('event: request\ndata: {');
    });
  });

  it('ends the stream of a reader that leaves more than 1 MiB unread', async () => {
    const mock = createMockService({ now: NOW });
    const answer = await mock.fetch(new Request(`${mock.baseUrl}/__mock/events`));
    const reader = answer?.body?.getReader();
    if (!reader) throw new Error('no stream');
    const note = 'x'.repeat(3000);
    // Each request event carries its ~3 KB answer; 400 of them pass 1 MiB while nobody reads.
    for (let i = 0; i < 400; i++) {
      await mock.fetch(
        new Request(`${mock.baseUrl}/api/v1/demo-bistro/reservations?n=${note}`, {
          headers: { 'X-API-Key': 'rk_demo_full' },
        }),
      );
    }
    const drained = async () => {
      for (;;) await reader.read();
    };
    await expect(drained()).rejects.toThrow(/too slow/);
    mock.close();
  });
});

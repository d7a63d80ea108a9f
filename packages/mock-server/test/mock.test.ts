// src/mock.ts: the mock's own entry points, where they meet plain JavaScript.
import { describe, expect, it } from 'vitest';
import { createMockService } from '../src/index';

describe('mock.fetch()', () => {
  it.each([
    ['a URL string', '/api/v1/demo-bistro/info', 'string'],
    ['nothing', undefined, 'undefined'],
    ['null', null, 'null'],
  ])('refuses %s with a TypeError saying it takes a Request', async (_, input, named) => {
    const mock = createMockService({ now: '2030-06-17T08:00:00Z' });
    await expect(mock.fetch(input as unknown as Request)).rejects.toThrow(
      new TypeError(`mock.fetch() takes a Request (new Request(url, init)), not ${named}`),
    );
    // Nothing reached the API.
    expect(mock.control.requests.list()).toEqual([]);
    await mock.close();
  });

  it('answers a Request', async () => {
    const mock = createMockService({ now: '2030-06-17T08:00:00Z' });
    const answer = await mock.fetch(
      new Request(`${mock.baseUrl}/api/v1/demo-bistro/info`, { headers: { 'X-API-Key': 'rk_demo_full' } }),
    );
    expect(answer?.status).toBe(200);
    await mock.close();
  });
});

// src/mock.ts: the mock's own entry points, where they meet plain JavaScript.
import { describe, expect, it } from 'vitest';
import { createMockCore, createMockService, WorldEndedError } from '../src/index';
import { MOCK_OPTION_NAMES } from '../src/mock';

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

describe('the options of a mock', () => {
  it('refuses an option it does not have, naming the nearest known one (a misspelt one ran the default)', () => {
    expect(() => createMockService({ sesion: 'w1' } as never)).toThrow(
      new TypeError(
        `createMockService: unknown option "sesion" (did you mean "session"?); the options are ${MOCK_OPTION_NAMES.join(', ')}`,
      ),
    );
    expect(() => createMockCore({ BaseURL: 'http://127.0.0.1:4010' } as never)).toThrow(
      /^createMockCore: unknown option "BaseURL" \(did you mean "baseUrl"\?\)/,
    );
    expect(() => createMockService({ colour: 'red' } as never)).toThrow(
      /^createMockService: unknown option "colour"; the options/,
    );
    // The nearest known name, not the first within reach: "nds" is two edits from "now", one from "ids".
    expect(() => createMockService({ nds: 1 } as never)).toThrow(
      /unknown option "nds" \(did you mean "ids"\?\)/,
    );
  });

  it('refuses a baseUrl that ends in /api/v1 (the API would answer under /api/v1/api/v1)', () => {
    for (const baseUrl of ['http://127.0.0.1:4010/api/v1', 'http://localhost/mock/api/v1/'])
      expect(() => createMockService({ baseUrl })).toThrow(
        new TypeError(
          `baseUrl is the mock's root, without /api/v1 (the API answers under {baseUrl}/api/v1): got ${baseUrl}`,
        ),
      );
    expect(createMockService({ baseUrl: 'http://localhost/api/v2' }).baseUrl).toBe('http://localhost/api/v2');
  });
});

describe('a closed mock', () => {
  it('refuses the sync control changes as the async ones (WorldEndedError), changing nothing', async () => {
    const mock = createMockService({ now: '2030-06-17T08:00:00Z' });
    const kept = mock.control.faults.add({ path: '/api/v1/*/info', status: 503 });
    await mock.close();
    expect(() => mock.control.faults.add({ path: '/api/v1/*', status: 500 })).toThrow(WorldEndedError);
    expect(() => mock.control.faults.remove(kept.id)).toThrow(WorldEndedError);
    expect(() => mock.control.faults.clear()).toThrow(WorldEndedError);
    expect(() => mock.control.requests.clear()).toThrow(WorldEndedError);
    await expect(mock.control.clock.advance(1000)).rejects.toThrow(WorldEndedError);
    expect(mock.control.faults.list()).toEqual([kept]);
  });
});

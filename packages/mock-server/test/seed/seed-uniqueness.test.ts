// Ids, slugs and key values are the store's keys: each may be given once in a whole seed (mock
// README, "Seed format"). Before, a seed with two projects' `tbl_1` passed validation and then
// failed while going in: the mock started empty (its banner listing both projects' keys) and every
// reset answered 500.
import { describe, expect, it } from 'vitest';
import { createMockService, demoSeed, parseSeedData, SeedError, silentLogger } from '../../src/index';

type Project = ReturnType<typeof demoSeed>['projects'][number];
type Change = (first: Project, second: Project) => void;

/** The demo seed with its second project given something of the first's. */
function clashing(change: Change) {
  const seed = demoSeed();
  const [first, second] = seed.projects;
  if (!first || !second) throw new Error('the demo seed has two projects');
  change(first, second);
  return seed;
}

const CASES: [string, Change, RegExp][] = [
  [
    'a project id',
    (a, b) => {
      b.id = a.id;
    },
    /projects\.1\.id: project id "prj_demo_bistro" is already used \(projects\.0\.id\)/,
  ],
  [
    'a slug',
    (a, b) => {
      b.slug = a.slug;
    },
    /projects\.1\.slug: slug "demo-bistro" is already used/,
  ],
  [
    'a service id',
    (a, b) => {
      b.services = [...(b.services ?? []), { ...(a.services?.[0] as object), branchId: null } as never];
    },
    /projects\.1\.services\.\d+\.id: services id "\w+" is already used \(projects\.0\.services\.0\.id\)/,
  ],
  [
    'a key value (never quoted)',
    (a, b) => {
      b.apiKeys = [
        ...(b.apiKeys ?? []),
        { id: 'key_other', key: a.apiKeys?.[0]?.key ?? '', permissions: [] },
      ];
    },
    /projects\.1\.apiKeys\.\d+\.key: key value is already used \(projects\.0\.apiKeys\.0\.key\)/,
  ],
];

describe('a seed that gives an id, a slug or a key value twice', () => {
  it.each(CASES)('is refused as a whole, naming %s where it repeats', (_, change, message) => {
    const seed = clashing(change);
    expect(() => parseSeedData(seed)).toThrow(SeedError);
    expect(() => parseSeedData(seed)).toThrow(message);
    expect(() => parseSeedData(seed)).not.toThrow(/rk_demo/);
  });

  it('never starts a mock with it: createMockService refuses it', () => {
    const seed = clashing((a, b) => {
      b.slug = a.slug;
    });
    expect(() => createMockService({ seed, logger: silentLogger })).toThrow(SeedError);
  });
});

describe('an id the mock generates, where a seed gave one of the same form', () => {
  it('skips it: a key without an id after a seeded `key_0001` is `key_0002`, and a booking after a seeded `res_0001` is `res_0002`', async () => {
    const seed = clashing((a, b) => {
      a.apiKeys = [...(a.apiKeys ?? []), { id: 'key_0001', key: 'rk_first_123456', permissions: ['read'] }];
      b.apiKeys = [...(b.apiKeys ?? []), { key: 'rk_second_12345', permissions: ['read'] }];
      a.reservations = [
        {
          id: 'res_0001',
          date: '2030-06-18',
          from: '12:00',
          to: '13:00',
          customer: { email: 'seeded@example.com' },
        },
      ];
    });
    const mock = createMockService({ seed, now: '2030-06-17T08:00:00Z', logger: silentLogger });
    const keys = await mock.control.keys.list('demo-salon');
    expect(keys.map((key) => key.id)).toContain('key_0002');
    const answer = await mock.fetch(
      new Request(`${mock.baseUrl}/api/v1/demo-bistro/reservations`, {
        method: 'POST',
        headers: { 'x-api-key': 'rk_demo_full', 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'new@example.com', date: '2030-06-18', from: '18:00', to: '19:00' }),
      }),
    );
    if (!answer) throw new Error('the API route answers');
    expect(answer.status).toBe(201);
    expect(((await answer.json()) as { reservation: { id: string } }).reservation.id).toBe('res_0002');
    mock.close();
  });

  it('skips one a later project gives: an id-less key and booking of an earlier project never take it', async () => {
    const seed = clashing((a, b) => {
      a.apiKeys = [...(a.apiKeys ?? []), { key: 'rk_first_123456', permissions: ['read'] }];
      a.reservations = [
        { date: '2030-06-18', from: '12:00', to: '13:00', customer: { email: 'idless@example.com' } },
      ];
      b.apiKeys = [...(b.apiKeys ?? []), { id: 'key_0001', key: 'rk_second_12345', permissions: ['read'] }];
      b.reservations = [
        {
          id: 'res_0001',
          date: '2030-06-18',
          from: '12:00',
          to: '13:00',
          customer: { email: 'given@example.com' },
        },
      ];
    });
    const errors: unknown[] = [];
    const mock = createMockService({
      seed,
      now: '2030-06-17T08:00:00Z',
      logger: { error: (...args: unknown[]) => errors.push(args), warn: () => {} },
    });
    // Both projects went in (the second was refused whole, and the mock ran without it).
    expect((await mock.control.keys.list('demo-salon')).map((key) => key.id)).toContain('key_0001');
    expect((await mock.control.keys.list('demo-bistro')).map((key) => key.id)).not.toContain('key_0001');
    const given = await mock.control.getReservation('demo-salon', 'res_0001');
    expect(given.customer.email).toBe('given@example.com');
    expect(errors).toEqual([]);
    await mock.close();
  });
});

import { fileURLToPath } from 'node:url';
import type { components } from '@reservation-api/sdk';
import { describe, expect, it } from 'vitest';
import {
  createMockService,
  DEMO_KEYS,
  demoSeed,
  parseSeedData,
  parseSeedJson,
  SeedError,
} from '../src/index';
import { loadSeedFile } from '../src/node';
import { booking, MONDAY_MORNING, useMockApi } from './support/api';

type Schemas = components['schemas'];
const P = '/api/v1/demo-bistro';

describe('the demo data (mock README, "Demo data")', () => {
  const api = useMockApi();

  it('has the documented keys with their permissions and key ids', async () => {
    expect(DEMO_KEYS.map((k) => [k.project, k.key, k.id, [...k.permissions]])).toEqual([
      ['demo-bistro', 'rk_demo_full', 'key_demo_full', ['read', 'write', 'delete', 'media']],
      ['demo-bistro', 'rk_demo_read', 'key_demo_read', ['read']],
      ['demo-bistro', 'rk_demo_basic', 'key_demo_basic', []],
      ['demo-salon', 'rk_salon_full', 'key_salon_full', ['read', 'write', 'delete', 'media']],
    ]);
    expect((await api.service.control.keys.list('demo-salon')).map((k) => k.id)).toEqual(['key_salon_full']);
  });

  it('demo-bistro: Europe/Prague, Mon–Sat 11–22, weekday break 15–17, closed Sunday, Christmas Eve holiday', async () => {
    const info = await api.get<Schemas['ProjectInfoResponse']>(`${P}/info`);
    expect(info.body.settings).toMatchObject({ timeZone: 'Europe/Prague', requirePhone: false });
    const schedule = await api.get<Schemas['ScheduleResponse']>(`${P}/schedule`);
    expect(schedule.body.openingHours.map((d) => (d.isOpen ? `${d.open}-${d.close}` : 'closed'))).toEqual([
      'closed',
      ...Array(6).fill('11:00-22:00'),
    ]);
    expect(schedule.body.holidays).toEqual([{ date: '2026-12-24', name: 'Štědrý den', isOpen: false }]);
    for (const date of ['2026-06-15', '2026-06-16', '2026-06-17', '2026-06-18', '2026-06-19']) {
      const day = await api.get<Schemas['AvailabilityResponse']>(`${P}/availability?date=${date}`);
      expect(day.body.openingHours).toEqual({
        open: '11:00',
        close: '22:00',
        breakStart: '15:00',
        breakEnd: '17:00',
      });
    }
    const saturday = await api.get<Schemas['AvailabilityResponse']>(`${P}/availability?date=2026-06-20`);
    expect(saturday.body.openingHours).toEqual({ open: '11:00', close: '22:00' });
  });

  it('demo-bistro: ≥ 6 tables in two zones, 3 services, 5 photos, 6 reviews of which one unapproved', async () => {
    const tables = (await api.get<Schemas['TableListResponse']>(`${P}/tables`)).body.tables;
    expect(tables.length).toBeGreaterThanOrEqual(6);
    expect(new Set(tables.map((t) => t.zoneId)).size).toBe(2);
    expect((await api.get<Schemas['ServiceListResponse']>(`${P}/services`)).body.count).toBe(3);
    expect((await api.get<Schemas['PhotoListResponse']>(`${P}/gallery`)).body.total).toBe(5);
    const bistro = parseSeedData(demoSeed()).projects[0];
    expect(bistro?.reviews).toHaveLength(6);
    expect(bistro?.reviews.filter((r) => !r.isApproved)).toHaveLength(1);
    expect((await api.get<Schemas['ReviewListResponse']>(`${P}/reviews`)).body.total).toBe(5);
  });

  it('demo-bistro: blocked@example.com is blacklisted and the webhook secret is whsec_demo_bistro', async () => {
    expect((await api.post(`${P}/reservations`, booking({ email: 'blocked@example.com' }))).status).toBe(403);
    expect((await api.service.control.setWebhook('demo-bistro', { url: 'http://hooks.test/x' })).secret).toBe(
      'whsec_demo_bistro',
    );
  });

  it('demo-salon: requirePhone, no tables, services only', async () => {
    const key = { key: 'rk_salon_full' };
    const info = await api.get<Schemas['ProjectInfoResponse']>('/api/v1/demo-salon/info', key);
    expect(info.body.settings.requirePhone).toBe(true);
    expect((await api.get<Schemas['TableListResponse']>('/api/v1/demo-salon/tables', key)).body.count).toBe(
      0,
    );
    expect(
      (await api.get<Schemas['ServiceListResponse']>('/api/v1/demo-salon/services', key)).body.count,
    ).toBeGreaterThan(0);
  });

  it('places its reservations around the clock’s current date', async () => {
    const later = createMockService({ now: '2027-03-03T09:00:00Z' });
    const dates = [
      ...new Set((await later.control.snapshot()).reservations?.map((r) => (r as { date: string }).date)),
    ].sort();
    expect((dates[0] ?? '') >= '2027-02-26').toBe(true);
    expect((dates.at(-1) ?? '') <= '2027-03-09').toBe(true);
    later.close();
  });

  it('reset() restores exactly the seed', async () => {
    const initial = await api.service.control.snapshot();
    await api.post(`${P}/reservations`, booking());
    await api.del(`${P}/reservations/res_demo_0004`);
    await api.service.control.keys.create('demo-bistro', { permissions: [] });
    await api.service.control.clock.advance(86_400_000);
    await api.service.reset();
    expect(await api.service.control.snapshot()).toEqual(initial);
    expect(api.service.control.clock.now()).toBe(MONDAY_MORNING);
  });
});

describe('seed data from JSON', () => {
  it('draws a webhook secret the seed leaves out once: a reset keeps it', async () => {
    const seed = demoSeed();
    const bistro = seed.projects[0];
    if (!bistro) throw new Error('the demo seed has demo-bistro');
    bistro.webhook = { url: 'http://127.0.0.1:9/hooks' };
    const service = createMockService({ seed, now: MONDAY_MORNING });
    const secret = async () =>
      ((await service.control.snapshot()).webhooks as { projectId: string; secret: string }[]).find(
        (w) => w.projectId === bistro.id,
      )?.secret;
    const before = await secret();
    expect(before).toMatch(/^whsec_[\w-]{43}$/);
    await service.reset();
    expect(await secret()).toBe(before);
    // Another mock of the same seed draws its own.
    const other = createMockService({ seed, now: MONDAY_MORNING });
    const theirs = (
      (await other.control.snapshot()).webhooks as { projectId: string; secret: string }[]
    ).find((w) => w.projectId === bistro.id)?.secret;
    expect(theirs).not.toBe(before);
    await Promise.all([service.close(), other.close()]);
  });

  it('keeps review and photo times in UTC, so reviews are newest first by the instant', async () => {
    const seed = demoSeed();
    const bistro = seed.projects[0];
    if (!bistro) throw new Error('the demo seed has demo-bistro');
    const review = (id: string, createdAt: string) => ({ id, customerName: id, rating: 5, createdAt });
    bistro.reviews = [
      review('rev_plus14', '2026-05-20T20:00:00+14:00'), // 06:00Z: the oldest
      review('rev_ten', '2026-05-20T10:00:00Z'),
      review('rev_half', '2026-05-20T10:00:00.5Z'), // the newest
    ];
    const service = createMockService({ seed, now: MONDAY_MORNING });
    const response = await service.fetch(
      new Request(`${service.baseUrl}${P}/reviews`, { headers: { 'X-API-Key': 'rk_demo_full' } }),
    );
    if (!response) throw new Error('no answer');
    const { reviews } = (await response.json()) as { reviews: { id: string; createdAt: string }[] };
    // An offset that carries the instant past a four-digit year is refused with the seed.
    const late = demoSeed();
    const first = late.projects[0];
    if (first) first.reviews = [review('rev_late', '9999-12-31T23:30:00-01:00')];
    expect(() => parseSeedData(late)).toThrow(/must be an instant from 0000 to 9999 in UTC/);
    expect(reviews.map((r) => [r.id, r.createdAt])).toEqual([
      ['rev_half', '2026-05-20T10:00:00.500Z'],
      ['rev_ten', '2026-05-20T10:00:00.000Z'],
      ['rev_plus14', '2026-05-20T06:00:00.000Z'],
    ]);
    await service.close();
  });

  it('refuses a built-in seed name it does not know instead of starting empty', () => {
    for (const seed of ['Demo', 'nope', '']) {
      expect(() => createMockService({ seed: seed as 'demo' })).toThrow(
        `seed must be "demo", "empty" or a seed object; got "${seed}"`,
      );
    }
  });

  it('loads the example seed file and serves it', async () => {
    const seed = await loadSeedFile(fileURLToPath(new URL('../seed.example.json', import.meta.url)));
    const service = createMockService({ seed, now: MONDAY_MORNING });
    const response = await service.fetch(
      new Request(`${service.baseUrl}/api/v1/corner-cafe/reservations`, {
        headers: { 'X-API-Key': 'rk_cafe_full' },
      }),
    );
    if (!response) throw new Error('no answer');
    expect(response.status).toBe(200);
    expect(((await response.json()) as { total: number }).total).toBe(2);
    service.close();
  });

  it('reports every problem with its path', () => {
    const bad = {
      projects: [
        {
          id: 'p',
          slug: 'Bad Slug',
          name: 'x',
          timeZone: 'Mars/Olympus',
          openingHours: { monday: { open: '18:00', close: '08:00' } },
          reservations: [{ from: '10:00', to: '11:00', customer: { email: 'nope' } }],
        },
      ],
    };
    let message = '';
    try {
      parseSeedData(bad);
    } catch (error) {
      expect(error).toBeInstanceOf(SeedError);
      message = (error as Error).message;
    }
    expect(message).toContain('projects.0.slug');
    expect(message).toContain('projects.0.timeZone: must be an IANA time zone');
    expect(message).toContain('projects.0.openingHours.monday: open must be before close');
    expect(message).toContain('projects.0.reservations.0.customer.email');
    expect(message).toContain('give exactly one of date and dayOffset');
    expect(() => parseSeedJson('{ nope')).toThrow('Seed is not valid JSON');
  });

  it('refuses a field the format does not know, at any depth (a misspelt field never takes its default)', () => {
    const bad = {
      projects: [
        {
          id: 'p',
          slug: 'p',
          name: 'P',
          timezone: 'America/New_York',
          openingHours: { monday: { open: '08:00', close: '18:00', brakeStart: '12:00' } },
          tables: [{ id: 't', name: 't', capacity: 2, seats: 4 }],
          blacklist: [{ email: 'a@example.com', reason: 'x' }],
          reservations: [
            {
              date: '2030-06-17',
              from: '10:00',
              to: '11:00',
              tableID: 't',
              customer: { email: 'a@example.com' },
            },
          ],
        },
      ],
    };
    expect(() => parseSeedData(bad)).toThrow(
      new SeedError(
        [
          'Invalid seed data:',
          '  projects.0.openingHours.monday: Unrecognized key: "brakeStart"',
          '  projects.0.tables.0: Unrecognized key: "seats"',
          '  projects.0.blacklist.0: Unrecognized key: "reason"',
          '  projects.0.reservations.0: Unrecognized key: "tableID"',
          '  projects.0: Unrecognized key: "timezone"',
        ].join('\n'),
      ),
    );
  });

  it('allows $schema at the root, as editors add it', () => {
    expect(parseSeedData({ $schema: './seed.schema.json', projects: [] }).projects).toEqual([]);
  });

  it('rejects references to unknown tables', () => {
    expect(() =>
      createMockService({
        seed: {
          projects: [
            {
              id: 'p',
              slug: 'p',
              name: 'P',
              openingHours: {},
              tables: [{ id: 't', name: 't', capacity: 2, zoneId: 'z' }],
            },
          ],
        },
      }),
    ).toThrow('refers to unknown zone z');
  });
});

describe('relative demo bookings', () => {
  it('keeps bookings with a negative day offset in the past, even when that day was closed', async () => {
    // 2026-11-30 is a Monday: "yesterday" is a closed Sunday, so such a booking moves to Saturday.
    const service = createMockService({ seed: 'demo', now: '2026-11-30T08:00:00Z' });
    const { reservations = [] } = await service.control.snapshot();
    const past = (reservations as Array<{ date: string; status: string }>).filter(
      (r) => r.status === 'NO_SHOW' || r.status === 'COMPLETED',
    );
    expect(past.length).toBeGreaterThan(0);
    for (const reservation of past) expect(reservation.date < '2026-11-30').toBe(true);
  });
});

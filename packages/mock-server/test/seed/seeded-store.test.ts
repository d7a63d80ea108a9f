// A fresh mock and a reset get a copy of a seeded store built once (seed/seeded-store.ts): it must
// hold exactly what seeding anew gives, and no mock's writes may reach another's data.
import { describe, expect, it } from 'vitest';
import { type DomainContext, webCryptoRandomBytes } from '../../src/domain/context';
import { createStore } from '../../src/domain/store';
import { createMockService, type MockService } from '../../src/index';
import { createManualClock } from '../../src/runtime/clock';
import { createSequentialIds } from '../../src/runtime/ids';
import { applySeed, hashSeed } from '../../src/seed/apply-seed';
import { builtInSeed } from '../../src/seed/built-in';
import { demoSeed } from '../../src/seed/demo';
import { parseSeedData } from '../../src/seed/from-json';
import { seededStore } from '../../src/seed/seeded-store';

const NOW = '2026-03-02T07:00:00.000Z';
const API = 'http://127.0.0.1:4010/api/v1/demo-bistro';
const KEY = { 'X-API-Key': 'rk_demo_full' };

function context(now = NOW): DomainContext {
  return {
    store: createStore(),
    clock: createManualClock(now),
    ids: createSequentialIds(),
    randomBytes: webCryptoRandomBytes,
  };
}

async function statusOf(mock: MockService, id: string): Promise<string> {
  const answer = await mock.fetch(new Request(`${API}/reservations/${id}`, { headers: KEY }));
  if (!answer) throw new Error('the mock did not answer');
  return ((await answer.json()) as { reservation: { status: string } }).reservation.status;
}

describe('the seeded store a mock starts from', () => {
  it('holds, copied, exactly what applying the seed anew gives, and leaves the ids where seeding does', async () => {
    const seed = builtInSeed('demo');
    const anew = context();
    await applySeed(anew, seed);
    const first = context();
    const second = context();
    await seededStore(first, seed, true);
    const copied = await seededStore(second, seed, true);
    expect(copied.snapshot()).toEqual(anew.store.snapshot());
    expect(second.ids.state?.()).toEqual(anew.ids.state?.());
    expect(copied.reservationsOn('prj_demo_bistro', '2026-03-03')).toEqual(
      anew.store.reservationsOn('prj_demo_bistro', '2026-03-03'),
    );
    expect(copied.reservationsOn('prj_demo_bistro', '2026-03-03')).not.toEqual([]);
  });

  it('is laid out at each instant: another now gives the store seeding at that now gives', async () => {
    const seed = builtInSeed('demo');
    const monday = await seededStore(context(), seed, true);
    const anew = context('2026-05-04T07:00:00.000Z');
    await applySeed(anew, seed);
    const later = await seededStore(context('2026-05-04T07:00:00.000Z'), seed, true);
    expect(later.snapshot()).toEqual(anew.store.snapshot());
    expect(monday.snapshot()).not.toEqual(anew.store.snapshot());
  });

  it('gives each mock its own random webhook secret when the seed has none, kept by its resets', async () => {
    const project = demoSeed().projects[0];
    if (!project) throw new Error('the demo seed has a project');
    const seed = parseSeedData({ projects: [{ ...project, webhook: { url: null } }] });
    const secretsOf = async (hashed: ReturnType<typeof hashSeed>) =>
      (await seededStore(context(), hashed, true)).webhooks.all().map((webhook) => webhook.secret);
    // Each mock hashes the seed once (createMockCore): its own secret, the same at every reset.
    const mocks = [hashSeed(seed), hashSeed(seed), hashSeed(seed)];
    const secrets = new Set<string>();
    for (const hashed of mocks) for (const secret of await secretsOf(hashed)) secrets.add(secret);
    expect(secrets.size).toBe(3);
    const [first] = mocks;
    if (!first) throw new Error('three mocks');
    expect(await secretsOf(first)).toEqual(await secretsOf(first));
  });

  it("keeps each mock's writes to itself: a fresh mock and a reset start from the seed", async () => {
    const one = createMockService({ now: NOW });
    const two = createMockService({ now: NOW });
    expect(await statusOf(one, 'res_demo_0003')).toBe('CONFIRMED');
    const cancelled = await one.fetch(
      new Request(`${API}/reservations/res_demo_0003`, {
        method: 'DELETE',
        headers: { ...KEY, 'Content-Type': 'application/json' },
        body: '{"reason":"plans changed"}',
      }),
    );
    expect(cancelled?.status).toBe(200);
    const three = createMockService({ now: NOW });
    expect(await statusOf(one, 'res_demo_0003')).toBe('CANCELLED');
    expect(await statusOf(two, 'res_demo_0003')).toBe('CONFIRMED');
    expect(await statusOf(three, 'res_demo_0003')).toBe('CONFIRMED');
    await one.reset();
    expect(await statusOf(one, 'res_demo_0003')).toBe('CONFIRMED');
    for (const mock of [one, two, three]) mock.close();
  });
});

// A mock with persistence keeps its data between runs (page reloads) and takes the data another
// writer (another tab) saved; reset() goes back to the seed. Tested with an in-memory store that
// behaves as localStorage and its `storage` event do.
import { describe, expect, it } from 'vitest';
import { createMockCore, type MockPersistence, type MockSnapshot } from '../../src/index';
import { booking } from '../support/api';

const NOW = '2026-06-15T08:00:00Z';

/** One shared "localStorage" and the tabs that watch it. */
function sharedStorage() {
  let saved: string | null = null;
  const watchers = new Set<{ tab: number; onChange: () => void }>();
  let saves = 0;
  const persistence = (tab: number): MockPersistence => ({
    load: async () => (saved === null ? null : (JSON.parse(saved) as MockSnapshot)),
    async save(snapshot) {
      saved = JSON.stringify(snapshot);
      saves++;
      // Like the storage event: every other tab hears of it, not the writer.
      for (const watcher of watchers) if (watcher.tab !== tab) watcher.onChange();
    },
    watch(onChange) {
      const watcher = { tab, onChange };
      watchers.add(watcher);
      return () => watchers.delete(watcher);
    },
  });
  return { persistence, saves: () => saves, raw: () => saved };
}

async function book(mock: ReturnType<typeof createMockCore>, overrides: Record<string, unknown> = {}) {
  const response = await mock.fetch(
    new Request(`${mock.baseUrl}/api/v1/demo-bistro/reservations`, {
      method: 'POST',
      headers: { 'X-API-Key': 'rk_demo_full', 'Content-Type': 'application/json' },
      body: JSON.stringify(booking(overrides)),
    }),
  );
  return (await response?.json()) as { reservation: { id: string } };
}

describe('persistence', () => {
  it('keeps a booking across a "reload", and new ids continue after the saved ones', async () => {
    const storage = sharedStorage();
    const first = createMockCore({ now: NOW, persistence: storage.persistence(1) });
    const { reservation } = await book(first);
    await first.control.settled();
    first.close();

    const reloaded = createMockCore({ now: NOW, persistence: storage.persistence(1) });
    expect((await reloaded.control.getReservation('demo-bistro', reservation.id)).status).toBe('PENDING');
    const next = await book(reloaded, { from: '13:00', to: '14:00' });
    expect(next.reservation.id).not.toBe(reservation.id);
    expect(storage.raw()).not.toContain('rk_demo_full');
  });

  it('keeps data whose ids a data helper or the seed gave ahead of the counters (res_0042), and goes on after them', async () => {
    const storage = sharedStorage();
    const first = createMockCore({ now: NOW, persistence: storage.persistence(1) });
    await first.control.addReservation('demo-bistro', {
      id: 'res_0042',
      date: '2026-06-16',
      from: '12:00',
      to: '13:00',
      customer: { email: 'given@example.com' },
    });
    await first.control.settled();
    await first.close();

    const warnings: unknown[] = [];
    const reloaded = createMockCore({
      now: NOW,
      persistence: storage.persistence(1),
      logger: { error: () => {}, warn: (...args: unknown[]) => warnings.push(args) },
    });
    expect((await reloaded.control.getReservation('demo-bistro', 'res_0042')).customer.email).toBe(
      'given@example.com',
    );
    expect(warnings).toEqual([]);
    expect((await book(reloaded)).reservation.id).toBe('res_0043');
    await reloaded.close();
  });

  it('saves a write that was taking effect when the mock closed (it is answered, so it is kept)', async () => {
    // close() lets the request under the lock finish; the save it causes must not be dropped. The
    // booking is closed on after 0 to 60 microtask turns, so some runs catch it under the lock.
    let answeredAndClosed = 0;
    for (let turns = 0; turns <= 60; turns += 2) {
      const storage = sharedStorage();
      const mock = createMockCore({ now: NOW, persistence: storage.persistence(1) });
      await mock.control.settled();
      const answer = mock.fetch(
        new Request(`${mock.baseUrl}/api/v1/demo-bistro/reservations`, {
          method: 'POST',
          headers: { 'X-API-Key': 'rk_demo_full', 'Content-Type': 'application/json' },
          body: JSON.stringify(booking()),
        }),
      );
      for (let i = 0; i < turns; i++) await Promise.resolve();
      await mock.close();
      const response = await answer;
      if (response?.status !== 201) continue;
      answeredAndClosed++;
      const { reservation } = (await response.json()) as { reservation: { id: string } };
      expect(storage.raw(), `closed after ${turns} turns`).toContain(reservation.id);
    }
    expect(answeredAndClosed).toBeGreaterThan(0);
  });

  it('takes what another tab saved, without saving it back', async () => {
    const storage = sharedStorage();
    const tabA = createMockCore({ now: NOW, persistence: storage.persistence(1) });
    const tabB = createMockCore({ now: NOW, persistence: storage.persistence(2) });
    await tabB.control.settled();
    const { reservation } = await book(tabA);
    await tabA.control.settled();
    const savesAfterBooking = storage.saves();
    await tabB.control.settled();
    expect((await tabB.control.getReservation('demo-bistro', reservation.id)).id).toBe(reservation.id);
    expect(storage.saves()).toBe(savesAfterBooking);
  });

  it('reset() returns to the seed and saves it; a snapshot that does not fit is ignored', async () => {
    const storage = sharedStorage();
    const mock = createMockCore({ now: NOW, persistence: storage.persistence(1) });
    const { reservation } = await book(mock);
    await mock.reset();
    await mock.control.settled();
    await expect(mock.control.getReservation('demo-bistro', reservation.id)).rejects.toThrow(
      /Unknown reservation/,
    );
    expect(JSON.parse(storage.raw() ?? '{}').records.reservations).toHaveLength(
      (await mock.control.snapshot()).reservations?.length ?? -1,
    );

    const broken: MockPersistence = {
      load: async () => ({ version: 1, records: { reservations: [{ id: 'x' }] }, ids: {} }),
      save: async () => undefined,
    };
    const warnings: unknown[] = [];
    const fresh = createMockCore({
      now: NOW,
      persistence: broken,
      logger: { error: () => undefined, warn: (...args) => warnings.push(args) },
    });
    expect((await fresh.control.projects()).map((p) => p.slug)).toEqual(['demo-bistro', 'demo-salon']);
    expect(warnings).toHaveLength(1);
  });
});

describe('a persisted snapshot is checked as a whole', () => {
  /** A snapshot saved by a mock that made one booking, changed by `spoil`. */
  async function savedSnapshot(spoil: (snapshot: MockSnapshot) => void): Promise<MockSnapshot> {
    const storage = sharedStorage();
    const mock = createMockCore({ now: NOW, persistence: storage.persistence(1) });
    await book(mock);
    await mock.control.settled();
    mock.close();
    const snapshot = JSON.parse(storage.raw() ?? '') as MockSnapshot;
    spoil(snapshot);
    return snapshot;
  }

  function loadWith(snapshot: MockSnapshot) {
    const warnings: unknown[][] = [];
    const errors: unknown[][] = [];
    const logger = {
      warn: (...a: unknown[]) => warnings.push(a),
      error: (...a: unknown[]) => errors.push(a),
    };
    const mock = createMockCore({
      now: NOW,
      logger,
      persistence: { load: async () => structuredClone(snapshot), save: async () => undefined },
    });
    return { mock, warnings, errors };
  }

  const reservations = (s: MockSnapshot) =>
    s.records.reservations as { customerId: string; tableId: string | null }[];

  it.each([
    [
      'a reservation whose customer is missing',
      (s: MockSnapshot) => {
        s.records.customers = [];
      },
      /customer/,
    ],
    [
      'a reservation whose table is missing',
      (s: MockSnapshot) => {
        for (const r of reservations(s)) r.tableId = 'tbl_gone';
      },
      /table tbl_gone/,
    ],
    [
      'a record of a missing project',
      (s: MockSnapshot) => {
        s.records.projects = (s.records.projects ?? []).slice(1);
      },
      /project/,
    ],
    [
      'a project whose time zone Temporal does not know (every date of it answered 500)',
      (s: MockSnapshot) => {
        (s.records.projects?.[0] as { timeZone: string }).timeZone = 'Mars/Olympus';
      },
      // Named down to the field, so a hand-edited snapshot can be put right.
      /a record does not fit its collection: projects\[0\] \(prj_\w+\) at timeZone: /,
    ],
    [
      'id counters behind the stored ids',
      (s: MockSnapshot) => {
        s.ids = {};
      },
      /counters are behind/,
    ],
    [
      'an id counter given as a string ("1")',
      (s: MockSnapshot) => {
        (s.ids as Record<string, unknown>).res = '1';
      },
      /id counter res is not a non-negative integer/,
    ],
    [
      'an id counter that is no safe integer (1e300)',
      (s: MockSnapshot) => {
        s.ids.res = 1e300;
      },
      /id counter res is not a non-negative integer/,
    ],
    [
      'an id counter with a fraction',
      (s: MockSnapshot) => {
        s.ids.cus = 1.5;
      },
      /id counter cus is not a non-negative integer/,
    ],
    [
      'id counters that are not an object',
      (s: MockSnapshot) => {
        (s as { ids: unknown }).ids = [1];
      },
      /id counters are not an object/,
    ],
    [
      'a webhook target that is not http: or https:',
      (s: MockSnapshot) => {
        for (const w of s.records.webhooks as { url: string | null }[]) w.url = 'file:///etc/passwd';
      },
      /does not fit its collection: webhooks\[0\] \(\w+\) at url: /,
    ],
    [
      'a collection this mock does not have',
      (s: MockSnapshot) => {
        (s.records as Record<string, unknown>).bookings = [];
      },
      /an unknown collection "bookings"/,
    ],
    [
      'another version',
      (s: MockSnapshot) => {
        s.version = 99;
      },
      /version 99/,
    ],
  ])('refuses %s with one warning, and answers from the seed (no 5xx)', async (_, spoil, reason) => {
    const { mock, warnings, errors } = loadWith(await savedSnapshot(spoil));
    const list = await mock.fetch(
      new Request(`${mock.baseUrl}/api/v1/demo-bistro/reservations`, {
        headers: { 'X-API-Key': 'rk_demo_full' },
      }),
    );
    expect(list?.status).toBe(200);
    const created = await book(mock, { from: '13:00', to: '14:00' });
    expect(created.reservation.id).toMatch(/^res_/);
    expect(warnings).toHaveLength(1);
    expect(String(warnings[0]?.[0])).toMatch(reason);
    expect(String(warnings[0]?.[0])).toMatch(/starting from the seed/);
    expect(errors).toEqual([]);
    mock.close();
  });

  it('reports a failing save once, not on every change, and keeps answering', async () => {
    const warnings: unknown[][] = [];
    const logger = {
      warn: (...a: unknown[]) => warnings.push(a),
      error: (...a: unknown[]) => warnings.push(a),
    };
    const mock = createMockCore({
      now: NOW,
      logger,
      persistence: {
        load: async () => null,
        save: async () => {
          throw new DOMException('quota exceeded', 'QuotaExceededError');
        },
      },
    });
    await book(mock, { from: '12:00', to: '13:00' });
    await mock.control.settled();
    await book(mock, { from: '13:00', to: '14:00' });
    await mock.control.settled();
    await book(mock, { from: '14:00', to: '14:30' });
    await mock.control.settled();
    expect(warnings).toHaveLength(1);
    expect(String(warnings[0]?.[0])).toMatch(/could not be saved \(kept in memory/);
    const list = await mock.control.reservations('demo-bistro', { date: '2026-06-16' });
    expect(list.filter((r) => r.customer.email === 'guest@example.com').length).toBeGreaterThanOrEqual(3);
    mock.close();
  });
});

describe('the localStorage key of a persisted browser mock', () => {
  /** A Storage over a Map (what localStorage offers). */
  function memoryStorage(entries: Record<string, string> = {}): Storage {
    const map = new Map(Object.entries(entries));
    return {
      get length() {
        return map.size;
      },
      clear: () => map.clear(),
      getItem: (key) => map.get(key) ?? null,
      key: (i) => [...map.keys()][i] ?? null,
      removeItem: (key) => void map.delete(key),
      setItem: (key, value) => void map.set(key, value),
    };
  }

  it('is reservation-mock: and the base URL as the README writes it (no trailing slash)', async () => {
    const { persistKey } = await import('../../src/transports/msw-browser');
    expect(persistKey('http://127.0.0.1:4010')).toBe('reservation-mock:http://127.0.0.1:4010');
    expect(persistKey('http://127.0.0.1:4010/')).toBe('reservation-mock:http://127.0.0.1:4010');
    expect(persistKey('https://x.test/mock/')).toBe('reservation-mock:https://x.test/mock');
  });

  it.each([
    ['not JSON', '{not json'],
    ['null', 'null'],
  ])('refuses a stored value that is %s with one warning, starting from the seed', async (_, stored) => {
    const { browserStorage } = await import('../../src/observers/browser-storage');
    const warnings: unknown[] = [];
    const mock = createMockCore({
      now: NOW,
      // Without its watch (the page's `storage` event, which Node has not).
      persistence: { load: browserStorage('k', memoryStorage({ k: stored })).load, save: async () => {} },
      logger: { error: () => {}, warn: (...args: unknown[]) => warnings.push(args) },
    });
    expect((await mock.control.projects()).map((p) => p.slug)).toEqual(['demo-bistro', 'demo-salon']);
    expect(warnings).toHaveLength(1);
    await mock.close();
  });

  it('moves data saved under the earlier key (with a trailing slash) once', async () => {
    const { movePersistedData } = await import('../../src/transports/msw-browser');
    const storage = memoryStorage({ 'reservation-mock:http://127.0.0.1:4010/': '{"version":1}' });
    movePersistedData('http://127.0.0.1:4010', storage);
    expect(storage.getItem('reservation-mock:http://127.0.0.1:4010')).toBe('{"version":1}');
    expect(storage.getItem('reservation-mock:http://127.0.0.1:4010/')).toBeNull();
  });
});

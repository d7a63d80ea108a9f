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

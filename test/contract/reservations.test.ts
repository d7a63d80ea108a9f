import { createReservationClient } from '@reservation-api/sdk';
import { describe, expect, it } from 'vitest';
import { BASE_URL, KEYS, SLUG, useMockService } from './mock';

// Created before MSW starts listening (that happens in beforeAll): the SDK must still be intercepted,
// because it looks up the global fetch at call time.
const earlyClient = createReservationClient({ baseUrl: BASE_URL, apiKey: KEYS.full, project: SLUG });
const mock = useMockService();

describe('reservations against the mock service', () => {
  it('is intercepted by MSW even for a client created before the server started', async () => {
    await expect(earlyClient.schedule.get()).resolves.toHaveProperty('openingHours');
  });

  it('list returns a page with count and total, ordered by date then time, without success', async () => {
    const page = await mock.client().reservations.list();
    expect(page).not.toHaveProperty('success');
    expect(page.count).toBe(page.reservations.length);
    expect(page.total).toBeGreaterThanOrEqual(page.count);
    const keys = page.reservations.map((r) => `${r.date} ${r.from}`);
    expect(keys).toEqual([...keys].sort());
    for (const r of page.reservations) expect(r).not.toHaveProperty('statusHistory');
  });

  it('list applies the status and date filters', async () => {
    const client = mock.client();
    const pending = await client.reservations.list({ status: 'PENDING' });
    expect(pending.reservations.length).toBeGreaterThan(0);
    expect(pending.reservations.every((r) => r.status === 'PENDING')).toBe(true);
    const day = await client.reservations.list({ date: '2026-06-16' });
    expect(day.reservations.every((r) => r.date === '2026-06-16')).toBe(true);
  });

  it('iterate walks more than one page and yields exactly what one big page holds', async () => {
    const client = mock.client();
    const all = await client.reservations.list({ limit: 100 });
    mock.requests.length = 0;

    const walked = await client.reservations.iterate({ limit: 2 }).toArray({ max: 1000 });

    expect(walked).toEqual(all.reservations);
    expect(mock.requests).toHaveLength(Math.ceil(all.total / 2));
    expect(mock.requests.length).toBeGreaterThan(1);
  });

  it('iterate stops requesting when the loop breaks', async () => {
    const client = mock.client();
    for await (const r of client.reservations.iterate({ limit: 2 })) {
      expect(r.id).toBeTruthy();
      break;
    }
    expect(mock.requests).toHaveLength(1);
  });

  it('create, get, updateStatus and cancel follow the state machine', async () => {
    const client = mock.client();
    const created = await client.reservations.create({
      email: 'Eva.Svobodova@example.com',
      firstName: 'Eva',
      lastName: 'Svobodová',
      date: '2026-06-16',
      from: '11:00',
      to: '12:00',
      guests: 2,
      tableId: 'tbl_06',
      serviceIds: ['svc_lunch'],
      note: 'Window seat',
    });
    expect(created).toEqual({
      id: created.id,
      status: 'PENDING',
      date: '2026-06-16',
      from: '11:00',
      to: '12:00',
    });

    const detail = await client.reservations.get(created.id);
    expect(detail).toMatchObject({ id: created.id, status: 'PENDING', guests: 2, note: 'Window seat' });
    expect(detail.table?.id).toBe('tbl_06');
    expect(detail.statusHistory).toEqual([
      expect.objectContaining({ status: 'PENDING', action: 'created', changedBy: 'system' }),
    ]);

    await expect(
      client.reservations.updateStatus(created.id, { status: 'CONFIRMED', note: 'ok' }),
    ).resolves.toEqual({
      id: created.id,
      status: 'CONFIRMED',
    });
    await expect(client.reservations.cancel(created.id, { reason: 'Guest called' })).resolves.toEqual({
      message: expect.any(String),
    });

    const after = await client.reservations.get(created.id);
    expect(after.status).toBe('CANCELLED');
    expect(after.statusHistory.map((h) => h.action)).toEqual(['created', 'confirmed', 'cancelled']);
  });

  it('updateStatus walks CONFIRMED to COMPLETED', async () => {
    const client = mock.client();
    const { reservations } = await client.reservations.list({ status: 'CONFIRMED' });
    const target = reservations[0];
    if (!target) throw new Error('the demo seed has a CONFIRMED reservation');
    await expect(client.reservations.updateStatus(target.id, { status: 'COMPLETED' })).resolves.toEqual({
      id: target.id,
      status: 'COMPLETED',
    });
  });
});

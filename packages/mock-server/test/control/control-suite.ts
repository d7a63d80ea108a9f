// ONE control test suite, run against the in-process control (`mock.control`) and against the remote
// control (`connectMock()` over HTTP, at the server root and in a session): the two have the same
// members and types (the remote one wraps every result in a Promise), and this proves they behave the
// same (mock README, "Remote control"). Every call is awaited, so the suite reads the same for both.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RemoteControl } from '../../src/client';
import type { MockControl, MockEvent } from '../../src/index';

export const SUITE_NOW = '2030-06-17T08:00:00.000Z';
const HOUR = 3_600_000;

export interface ControlUnderTest {
  control: MockControl | RemoteControl;
  /** An API request to this mock (path below its base URL). */
  api(path: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

const bistro = 'demo-bistro';
const key = { 'x-api-key': 'rk_demo_full', 'content-type': 'application/json' };

/** The error a call rejects (or throws) with, as the suite compares it. */
async function failure(
  call: () => unknown,
): Promise<{ name: string; kind: string; code?: string; message: string }> {
  try {
    await call();
  } catch (error) {
    const { name, kind, code, message } = error as {
      name: string;
      kind: string;
      code?: string;
      message: string;
    };
    return { name, kind, message, ...(code === undefined ? {} : { code }) };
  }
  throw new Error('expected the call to fail');
}

export function controlSuite(name: string, start: () => Promise<ControlUnderTest>): void {
  describe(`control suite: ${name}`, () => {
    let mock: ControlUnderTest;
    let control: MockControl | RemoteControl;
    beforeEach(async () => {
      mock = await start();
      control = mock.control;
    });
    afterEach(() => mock.close());

    const book = (body: Record<string, unknown> = {}) =>
      mock.api(`/api/v1/${bistro}/reservations`, {
        method: 'POST',
        headers: key,
        body: JSON.stringify({
          email: 'suite@example.com',
          date: '2030-06-18',
          from: '12:00',
          to: '13:00',
          ...body,
        }),
      });

    it('clock: now, set forward, advance; an earlier set is a CLOCK_BACKWARDS conflict', async () => {
      expect(await control.clock.now()).toBe(SUITE_NOW);
      await control.clock.set('2030-06-17T09:00:00Z');
      await control.clock.advance(HOUR);
      expect(await control.clock.now()).toBe('2030-06-17T10:00:00.000Z');
      expect(await failure(() => control.clock.set(new Date('2030-06-16T00:00:00Z')))).toMatchObject({
        kind: 'conflict',
        code: 'CLOCK_BACKWARDS',
      });
      expect(await failure(() => control.clock.advance(-1))).toMatchObject({ kind: 'invalid' });
      expect(await control.clock.now()).toBe('2030-06-17T10:00:00.000Z');
    });

    it('reset() restores the seed and the clock; reset({ now }) starts over there', async () => {
      expect((await book()).status).toBe(201);
      await control.clock.advance(HOUR);
      await control.reset();
      expect(await control.clock.now()).toBe(SUITE_NOW);
      expect(await control.requests.list()).toEqual([]);
      await control.reset({ now: '2029-01-02T10:00:00Z' });
      expect(await control.clock.now()).toBe('2029-01-02T10:00:00.000Z');
    });

    it('keys: list, create, regenerate, revoke; an unknown key id is not_found', async () => {
      const before = await control.keys.list(bistro);
      expect(before.map((k) => k.id)).toContain('key_demo_full');
      const issued = await control.keys.create(bistro, { permissions: ['read'], name: 'suite' });
      expect(issued.key).toMatch(/^rk_/);
      const again = await control.keys.regenerate(bistro, issued.id);
      expect(again.key).not.toBe(issued.key);
      const revoked = await control.keys.revoke(bistro, issued.id);
      expect(revoked).toEqual({ id: issued.id, revokedAt: SUITE_NOW });
      expect((await control.keys.list(bistro)).map((k) => k.id)).not.toContain(issued.id);
      expect(await failure(() => control.keys.revoke(bistro, 'key_nope'))).toMatchObject({
        kind: 'not_found',
      });
      expect(await failure(() => control.keys.list('no-such-project'))).toMatchObject({ kind: 'not_found' });
    });

    it('blacklist and setWebhook', async () => {
      const entry = await control.blacklist(bistro, { email: 'bad@example.com' });
      expect(entry).toMatchObject({ email: 'bad@example.com', phone: null });
      expect((await book({ email: 'bad@example.com' })).status).toBe(403);
      const hook = await control.setWebhook(bistro, {
        url: 'http://127.0.0.1:9/hook',
        secret: 'whsec_suite',
      });
      expect(hook).toEqual({ url: 'http://127.0.0.1:9/hook', secret: 'whsec_suite' });
      expect(await failure(() => control.setWebhook(bistro, { url: 'ftp://x' }))).toMatchObject({
        kind: 'invalid',
      });
    });

    it('deliveries and redeliver; an unknown delivery is not_found', async () => {
      expect(await control.deliveries()).toEqual([]);
      expect(await failure(() => control.redeliver('whd_nope'))).toMatchObject({ kind: 'not_found' });
    });

    it('trigger, deliveries(filter) and redeliver(id, { url }); a refused transition is a conflict', async () => {
      // Nothing listens on port 9: every attempt fails at once, and is recorded all the same.
      await control.setWebhook(bistro, { url: 'http://127.0.0.1:9/hook' });
      const created = await control.trigger(bistro, 'reservation.created');
      expect(created.deliveries).toHaveLength(1);
      const confirmed = await control.trigger(bistro, 'reservation.confirmed', {
        reservationId: created.reservationId,
      });
      expect(confirmed).toEqual({ reservationId: created.reservationId, deliveries: [expect.any(String)] });
      await control.settled();
      expect((await control.deliveries({ event: 'reservation.created' })).map((d) => d.id)).toEqual(
        created.deliveries,
      );
      expect(
        (await control.deliveries({ reservationId: created.reservationId, order: 'newest' })).map(
          (d) => d.id,
        ),
      ).toEqual([...confirmed.deliveries, ...created.deliveries]);
      expect(await control.deliveries({ event: 'reservation.cancelled' })).toEqual([]);
      expect(await failure(() => control.deliveries({ status: 'lost' as 'failed' }))).toMatchObject({
        kind: 'invalid',
      });
      // A project filter is a lookup: a misspelt slug, or the project's id, is a 404, not "none".
      for (const project of ['demo-bistr', 'prj_demo_bistro']) {
        expect(await failure(() => control.deliveries({ project }))).toMatchObject({
          kind: 'not_found',
          message: `Unknown project slug "${project}"`,
        });
      }
      expect((await control.deliveries({ project: bistro })).length).toBe(2);

      const [id = ''] = created.deliveries;
      const again = await control.redeliver(id, { url: 'http://127.0.0.1:9/elsewhere' });
      expect(again.attempts.at(-1)).toMatchObject({ url: 'http://127.0.0.1:9/elsewhere', manual: true });
      expect(
        await failure(() =>
          control.trigger(bistro, 'reservation.confirmed', { reservationId: created.reservationId }),
        ),
      ).toMatchObject({ kind: 'conflict', message: 'Cannot change status from CONFIRMED to CONFIRMED' });
      expect(
        await failure(() => control.trigger(bistro, 'reservation.moved' as 'reservation.created')),
      ).toMatchObject({ kind: 'invalid' });
    });

    // Every control input object refuses a field it does not know (mock README, "The control
    // interface"), in process and remote alike: a misspelt field is never taken for an absent one.
    it('every input refuses an unknown field (invalid, VALIDATION_ERROR) and changes nothing', async () => {
      await control.setWebhook(bistro, { url: 'http://127.0.0.1:9/hook' });
      const { reservationId, deliveries } = await control.trigger(bistro, 'reservation.created');
      const [delivery = ''] = deliveries;
      await control.settled();
      const state = async () => ({
        snapshot: await control.snapshot(),
        now: await control.clock.now(),
        keys: await control.keys.list(bistro),
        faults: await control.faults.list(),
        deliveries: await control.deliveries(),
      });
      const before = await state();
      // Spread in, as a stray field reaches a call: TypeScript checks no spread for unknown properties.
      const bogus = { bogus: 1 };
      const calls: [name: string, call: () => unknown][] = [
        ['reset', () => control.reset({ now: SUITE_NOW, ...bogus })],
        ['keys.create', () => control.keys.create(bistro, { permissions: ['read'], ...bogus })],
        ['blacklist', () => control.blacklist(bistro, { email: 'typo@example.com', ...bogus })],
        ['setWebhook', () => control.setWebhook(bistro, { url: null, ...bogus })],
        ['trigger', () => control.trigger(bistro, 'reservation.cancelled', { reservationId, ...bogus })],
        ['redeliver', () => control.redeliver(delivery, { url: 'http://127.0.0.1:9/other', ...bogus })],
        ['faults.add', () => control.faults.add({ status: 500, ...bogus })],
        ['deliveries', () => control.deliveries({ status: 'failed', ...bogus })],
        ['requests.list', () => control.requests.list({ method: 'GET', ...bogus })],
        ['reservations', () => control.reservations(bistro, { date: '2030-06-18', ...bogus })],
      ];
      for (const [name, call] of calls)
        expect(await failure(call), name).toMatchObject({
          kind: 'invalid',
          code: 'VALIDATION_ERROR',
          message: 'Unrecognized key: "bogus"',
        });
      await control.settled();
      expect(await state()).toEqual(before);
    });

    it('faults: add, list, remove, clear; a bad spec is invalid and adds nothing', async () => {
      const fault = await control.faults.add({
        path: `/api/v1/${bistro}/info`,
        status: 503,
        times: 'always',
      });
      expect(fault).toMatchObject({ status: 503, times: 'always', remaining: null });
      expect((await mock.api(`/api/v1/${bistro}/info`, { headers: key })).status).toBe(503);
      expect(await control.faults.list()).toHaveLength(1);
      await control.faults.remove(fault.id);
      expect(await control.faults.list()).toEqual([]);
      await control.faults.add({ status: 500 });
      await control.faults.clear();
      expect(await control.faults.list()).toEqual([]);
      expect(await failure(() => control.faults.add({ status: 600 }))).toMatchObject({
        kind: 'invalid',
        code: 'VALIDATION_ERROR',
      });
      expect(await failure(() => control.faults.remove('flt_nope'))).toMatchObject({ kind: 'not_found' });
      expect(await control.faults.list()).toEqual([]);
    });

    it('requests: list with filters (operationId among them) and clear', async () => {
      expect((await book()).status).toBe(201);
      expect((await mock.api(`/api/v1/${bistro}/info`, { headers: key })).status).toBe(200);
      expect(await control.requests.list({ operationId: 'createReservation' })).toHaveLength(1);
      expect(await control.requests.list({ method: 'GET', status: 200 })).toHaveLength(1);
      const [first] = await control.requests.list();
      expect(await control.requests.list({ since: first?.id ?? '' })).toHaveLength(1);
      await control.requests.clear();
      expect(await control.requests.list()).toEqual([]);
      expect(await failure(() => control.requests.list({ status: Number.NaN }))).toMatchObject({
        kind: 'invalid',
      });
    });

    it('subscribe: request and state events as they happen, until unsubscribed', async () => {
      const events: MockEvent[] = [];
      const unsubscribe = await control.subscribe((event) => events.push(event));
      expect((await book()).status).toBe(201);
      await control.clock.advance(60_000);
      // Event-based wait: the stream delivers them in order.
      while (!events.some((e) => e.type === 'state' && e.data.kind === 'clock'))
        await new Promise((resolve) => setTimeout(resolve, 5));
      expect(events.find((e) => e.type === 'request')?.data).toMatchObject({ method: 'POST', status: 201 });
      unsubscribe();
    });

    it('projects, reservations and getReservation; an unknown reservation is not_found', async () => {
      expect((await control.projects()).map((p) => p.slug)).toEqual(['demo-bistro', 'demo-salon']);
      const response = await book();
      const { reservation } = (await response.json()) as { reservation: { id: string } };
      const listed = await control.reservations(bistro, { date: '2030-06-18' });
      expect(listed.map((r) => r.id)).toContain(reservation.id);
      const detail = await control.getReservation(bistro, reservation.id);
      expect(detail).toMatchObject({ id: reservation.id, status: 'PENDING' });
      expect(await failure(() => control.getReservation(bistro, 'res_nope'))).toMatchObject({
        kind: 'not_found',
      });
      expect(await failure(() => control.reservations(bistro, { date: '2030-13-40' }))).toMatchObject({
        kind: 'invalid',
      });
    });

    it('createProject, addTable, addService, addReservation and snapshot', async () => {
      const project = await control.createProject({
        id: 'prj_suite',
        slug: 'suite-cafe',
        name: 'Suite Café',
        openingHours: { monday: { open: '08:00', close: '18:00' } },
        apiKeys: [
          { id: 'key_suite', key: 'rk_suite_full', permissions: ['read', 'write', 'delete', 'media'] },
        ],
      });
      expect(project).toEqual({ id: 'prj_suite', slug: 'suite-cafe' });
      const table = await control.addTable(bistro, { id: 'tbl_suite', name: 'Suite', capacity: 4 });
      expect(table).toMatchObject({ id: 'tbl_suite', capacity: 4 });
      const service = await control.addService(bistro, {
        id: 'svc_suite',
        name: 'Tasting',
        duration: 90,
        price: 10,
      });
      expect(service).toMatchObject({ id: 'svc_suite', duration: 90 });
      const added = await control.addReservation(bistro, {
        date: '2030-06-19',
        from: '18:00',
        to: '19:00',
        tableId: 'tbl_suite',
        status: 'CONFIRMED',
        customer: { email: 'added@example.com' },
      });
      expect(added).toMatchObject({ status: 'CONFIRMED', date: '2030-06-19' });
      const snapshot = await control.snapshot();
      expect(snapshot.tables?.some((t) => (t as { id: string }).id === 'tbl_suite')).toBe(true);
      expect(
        await failure(() => control.addTable(bistro, { id: 'tbl_bad', name: 'x', capacity: 0 })),
      ).toMatchObject({
        kind: 'invalid',
      });
      expect(
        await failure(() =>
          control.createProject({
            id: 'prj_bad',
            slug: 'BAD SLUG',
            name: 'x',
            openingHours: {},
            apiKeys: [],
          }),
        ),
      ).toMatchObject({ kind: 'invalid' });
    });

    it('settled() resolves once everything under way has taken effect', async () => {
      const writes = [book({ from: '14:00', to: '15:00' }), book({ from: '16:00', to: '17:00' })];
      await Promise.all(writes);
      await control.settled();
      expect(await control.requests.list({ operationId: 'createReservation' })).toHaveLength(2);
    });
  });
}

// Property: whatever sequence of PATCH /status and DELETE a client sends, the reservation is only
// ever in a state openapi.yaml allows (updateReservationStatus's transition table, cancelReservation),
// its history records exactly the accepted operations, and a rejected operation changes nothing.
import type { components } from '@reservation-api/sdk';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ReservationStatus } from '../../src/index';
import { booking, useMockApi } from '../support/api';

type Detail = components['schemas']['ReservationDetailResponse'];
const P = '/api/v1/demo-bistro';
const STATUSES: ReservationStatus[] = ['PENDING', 'CONFIRMED', 'CANCELLED', 'COMPLETED', 'NO_SHOW'];

/**
 * The model: the transition table of openapi.yaml's updateReservationStatus (PATCH
 * /reservations/{id}/status; DELETE is cancelReservation), independent of the implementation.
 */
const NEXT: Record<ReservationStatus, Partial<Record<ReservationStatus, string>>> = {
  PENDING: { CONFIRMED: 'confirmed', CANCELLED: 'cancelled' },
  CONFIRMED: { COMPLETED: 'completed', CANCELLED: 'cancelled', NO_SHOW: 'no_show' },
  CANCELLED: {},
  COMPLETED: {},
  NO_SHOW: {},
};

type Op = { kind: 'patch'; status: ReservationStatus; reason?: string } | { kind: 'delete'; reason?: string };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('patch' as const),
    status: fc.constantFrom(...STATUSES),
    reason: fc.option(fc.string(), { nil: undefined }),
  }),
  fc.record({ kind: fc.constant('delete' as const), reason: fc.option(fc.string(), { nil: undefined }) }),
);

describe('status changes (property)', () => {
  const api = useMockApi();

  it('never reach an illegal state, record exactly the accepted operations, and change nothing when rejected', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { maxLength: 8 }), async (ops) => {
        const created = await api.post<components['schemas']['CreateReservationResponse']>(
          `${P}/reservations`,
          booking(),
        );
        expect(created.status).toBe(201);
        const id = created.body.reservation.id;
        let state: ReservationStatus = 'PENDING';
        const actions = ['created'];
        const statuses: ReservationStatus[] = ['PENDING'];
        for (const o of ops) {
          const target: ReservationStatus = o.kind === 'patch' ? o.status : 'CANCELLED';
          const before = await api.get<Detail>(`${P}/reservations/${id}`);
          const answer =
            o.kind === 'patch'
              ? await api.patch(`${P}/reservations/${id}/status`, {
                  status: o.status,
                  ...(o.reason === undefined ? {} : { reason: o.reason }),
                })
              : await api.del(
                  `${P}/reservations/${id}`,
                  o.reason === undefined ? {} : { json: { reason: o.reason } },
                );
          const action = NEXT[state][target];
          const after = await api.get<Detail>(`${P}/reservations/${id}`);
          if (action) {
            expect(answer.status).toBe(200);
            state = target;
            actions.push(action);
            statuses.push(target);
            const last = after.body.reservation.statusHistory.at(-1);
            expect(last?.changedBy).toBe('key_demo_full');
            if (target === 'CANCELLED' && o.reason !== undefined) expect(last?.reason).toBe(o.reason);
          } else {
            expect(answer.status).toBe(409);
            expect(answer.body).toMatchObject({ message: `Cannot change status from ${state} to ${target}` });
            expect(after.body).toEqual(before.body);
          }
          expect(after.body.reservation.status).toBe(state);
          expect(after.body.reservation.statusHistory.map((h) => h.action)).toEqual(actions);
          expect(after.body.reservation.statusHistory.map((h) => h.status)).toEqual(statuses);
        }
        // The final history replays through the model from PENDING.
        const history = (await api.get<Detail>(`${P}/reservations/${id}`)).body.reservation.statusHistory;
        let replay: ReservationStatus = 'PENDING';
        for (const entry of history.slice(1)) {
          expect(NEXT[replay][entry.status]).toBe(entry.action);
          replay = entry.status;
        }
        expect(replay).toBe(state);
      }),
      { numRuns: 60 },
    );
  });
});

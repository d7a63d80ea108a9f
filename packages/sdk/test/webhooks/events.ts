// One delivery body per event, typed with the generated types and checked against openapi.yaml by
// the tests that use them.
import type { components } from '../../src/index';

type Schemas = components['schemas'];

export const SECRET = 'whsec_demo_bistro';
const base = { timestamp: '2026-06-15T10:00:00.000Z', projectId: 'prj_bistro' };

export const created: Schemas['ReservationCreatedEvent'] = {
  event: 'reservation.created',
  ...base,
  data: {
    reservation: {
      id: 'res_1',
      date: '2026-06-15',
      from: '18:00',
      to: '20:00',
      status: 'PENDING',
      guests: 2,
      note: null,
      customer: { firstName: 'Jana', lastName: 'Nováková', email: 'jana@example.com', phone: null },
      services: [{ id: 'svc_tasting', name: 'Tasting menu' }],
      table: { id: 'tbl_1', name: 'Table 1' },
      createdAt: '2026-06-15T10:00:00.000Z',
    },
  },
};

export const confirmed: Schemas['ReservationConfirmedEvent'] = {
  event: 'reservation.confirmed',
  ...base,
  data: {
    reservation: { id: 'res_1', status: 'CONFIRMED', previousStatus: 'PENDING', confirmedBy: 'key_full' },
  },
};

export const cancelled: Schemas['ReservationCancelledEvent'] = {
  event: 'reservation.cancelled',
  ...base,
  data: {
    reservation: {
      id: 'res_1',
      status: 'CANCELLED',
      previousStatus: 'CONFIRMED',
      reason: 'Guest called',
      cancelledBy: 'key_full',
    },
  },
};

export const completed: Schemas['ReservationCompletedEvent'] = {
  event: 'reservation.completed',
  ...base,
  data: { reservation: { id: 'res_1', status: 'COMPLETED' } },
};

export const ALL_EVENTS = { created, confirmed, cancelled, completed };

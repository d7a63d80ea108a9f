// Response bodies for stub-based tests. Typed with the generated types (tsc catches a missing field)
// and validated against openapi.yaml wherever a stub sends them (see stub-fetch.ts), so they cannot
// drift from the contract.
import type { components } from '../../src/index';

type Schemas = components['schemas'];

export const API_KEY = 'rk_test_supersecret_4f9a';
export const SLUG = 'demo-bistro';
export const BASE_URL = 'http://api.test/prefix';
export const API = `${BASE_URL}/api/v1/${SLUG}`;

export function reservation(n: number): Schemas['Reservation'] {
  return {
    id: `res_${n}`,
    date: '2026-06-15',
    from: '18:00',
    to: '20:00',
    status: 'CONFIRMED',
    guests: 2,
    note: null,
    customer: {
      id: `cus_${n}`,
      firstName: 'Jana',
      lastName: 'Nováková',
      email: 'jana@example.com',
      phone: null,
    },
    services: [{ id: 'svc_tasting', name: 'Tasting menu', duration: 120, price: 1890 }],
    table: { id: 'tbl_1', name: 'Table 1', capacity: 4 },
    createdAt: '2026-06-01T10:00:00.000Z',
  };
}

export const reservationDetail: Schemas['ReservationDetail'] = {
  ...reservation(1),
  statusHistory: [
    { status: 'PENDING', changedBy: 'system', action: 'created', changedAt: '2026-06-01T10:00:00.000Z' },
    {
      status: 'CONFIRMED',
      changedBy: 'key_full',
      action: 'confirmed',
      changedAt: '2026-06-01T11:00:00.000Z',
    },
  ],
};

export const reservationList = (
  items: Schemas['Reservation'][],
  total = items.length,
): Schemas['ReservationListResponse'] => ({ success: true, count: items.length, total, reservations: items });

export const createdReservation: Schemas['CreateReservationResponse'] = {
  success: true,
  message: 'Reservation created',
  reservation: { id: 'res_new', status: 'PENDING', date: '2026-06-15', from: '18:00', to: '20:00' },
};

export const statusChanged: Schemas['UpdateReservationStatusResponse'] = {
  success: true,
  message: 'Reservation status updated',
  reservation: { id: 'res_1', status: 'CONFIRMED' },
};

export const cancelled: Schemas['CancelReservationResponse'] = {
  success: true,
  message: 'Reservation cancelled',
};

export const availability: Schemas['AvailabilityResponse'] = {
  success: true,
  date: '2026-06-15',
  dayOfWeek: 'Monday',
  isOpen: true,
  openingHours: { open: '11:00', close: '22:00', breakStart: '15:00', breakEnd: '17:00' },
  slots: [
    { from: '11:00', to: '11:30', available: true },
    { from: '11:30', to: '12:00', available: false },
  ],
};

export const schedule: Schemas['ScheduleResponse'] = {
  success: true,
  openingHours: [
    { dayOfWeek: 0, dayName: 'Neděle', isOpen: false },
    { dayOfWeek: 1, dayName: 'Pondělí', isOpen: true, open: '11:00', close: '22:00' },
  ],
  holidays: [{ date: '2026-12-24', name: 'Štědrý den', isOpen: false }],
};

export const table: Schemas['Table'] = {
  id: 'tbl_1',
  name: 'Table 1',
  label: '1',
  capacity: 4,
  branchId: 'br_old_town',
  zoneId: 'zone_terrace',
  position: 1,
  visualX: 10,
  visualY: 20,
  visualWidth: 80,
  visualHeight: 80,
  visualRotation: 0,
  visualShape: 'square',
};

export const service: Schemas['Service'] = {
  id: 'svc_tasting',
  name: 'Tasting menu',
  description: null,
  duration: 120,
  price: 1890,
  currency: 'CZK',
  branchId: null,
  isActive: true,
};

export const projectInfo: Schemas['ProjectInfoResponse'] = {
  success: true,
  project: {
    id: 'prj_bistro',
    name: 'Demo Bistro',
    slug: SLUG,
    logoUrl: null,
    address: 'Old Town Square 1, Prague',
    contactEmail: 'hello@bistro.example',
    contactPhone: null,
    isActive: true,
  },
  settings: {
    primaryColor: '#1f2937',
    secondaryColor: '#f3f4f6',
    accentColor: '#f59e0b',
    borderColor: '#e5e7eb',
    fontFamily: 'Inter',
    branches: [{ id: 'br_old_town', name: 'Old Town', address: 'Old Town Square 1, Prague' }],
    socialLinks: { instagram: 'https://instagram.com/demo-bistro' },
    defaultView: 'calendar',
    showPrices: true,
    allowNotes: true,
    requirePhone: false,
    timeZone: 'Europe/Prague',
  },
  branding: { primary: '#1f2937', secondary: '#f3f4f6', accent: '#f59e0b', border: '#e5e7eb' },
};

export function photo(n: number): Schemas['Photo'] {
  return {
    id: `ph_${n}`,
    imageUrl: `https://images.example/${n}.jpg`,
    title: null,
    description: null,
    displayOrder: n,
    createdAt: '2026-01-01T00:00:00.000Z',
  };
}

export function review(n: number): Schemas['Review'] {
  return {
    id: `rev_${n}`,
    customerName: 'Jana N.',
    rating: 5,
    comment: 'Lovely',
    businessReply: null,
    repliedAt: null,
    createdAt: '2026-02-01T00:00:00.000Z',
  };
}

export const errorBody = (
  error: string,
  message: string,
  code?: Schemas['ErrorCode'],
  details?: Schemas['ValidationErrorDetail'][],
): Schemas['Error'] => ({ error, message, ...(code ? { code } : {}), ...(details ? { details } : {}) });

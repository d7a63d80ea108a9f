import type { components } from '@reservation-api/sdk';
import { describe, expect, it } from 'vitest';
import { booking, useMockApi } from '../support/api';

type Schemas = components['schemas'];
const P = '/api/v1/demo-bistro';

describe('GET /reservations', () => {
  const api = useMockApi();

  it('lists the demo reservations ordered by date, from and createdAt', async () => {
    const { status, body } = await api.get<Schemas['ReservationListResponse']>(`${P}/reservations`);
    expect(status).toBe(200);
    expect(body.total).toBe(6);
    expect(body.count).toBe(6);
    const keys = body.reservations.map((r) => `${r.date} ${r.from} ${r.createdAt}`);
    expect(keys).toEqual([...keys].sort());
    expect(body.reservations[0]).not.toHaveProperty('statusHistory');
  });

  it('filters by date, inclusive from/to, status and branch together', async () => {
    await api.post(`${P}/reservations`, booking({ date: '2026-06-17', from: '18:00', to: '19:00' }));
    await api.post(`${P}/reservations`, booking({ date: '2026-06-18', from: '18:00', to: '19:00' }));
    await api.post(`${P}/reservations`, booking({ date: '2026-06-19', from: '18:00', to: '19:00' }));
    const range = await api.get<Schemas['ReservationListResponse']>(
      `${P}/reservations?from=2026-06-17&to=2026-06-18`,
    );
    expect(range.body.reservations.map((r) => r.date)).toEqual(
      expect.arrayContaining(['2026-06-17', '2026-06-18']),
    );
    expect(range.body.reservations.every((r) => r.date >= '2026-06-17' && r.date <= '2026-06-18')).toBe(true);
    const day = await api.get<Schemas['ReservationListResponse']>(
      `${P}/reservations?date=2026-06-18&from=2026-06-01`,
    );
    expect(day.body.reservations.every((r) => r.date === '2026-06-18')).toBe(true);
    const outside = await api.get<Schemas['ReservationListResponse']>(
      `${P}/reservations?date=2026-06-18&to=2026-06-17`,
    );
    expect(outside.body.total).toBe(0);
    const pending = await api.get<Schemas['ReservationListResponse']>(
      `${P}/reservations?status=PENDING&branchId=br_old_town`,
    );
    expect(pending.body.reservations.length).toBeGreaterThan(0);
    expect(pending.body.reservations.every((r) => r.status === 'PENDING')).toBe(true);
  });

  it('pages with limit and offset until total is reached', async () => {
    const seen: string[] = [];
    let total = Number.POSITIVE_INFINITY;
    for (let offset = 0; seen.length < total; offset += 4) {
      const page = await api.get<Schemas['ReservationListResponse']>(
        `${P}/reservations?limit=4&offset=${offset}`,
      );
      total = page.body.total;
      expect(page.body.count).toBe(page.body.reservations.length);
      seen.push(...page.body.reservations.map((r) => r.id));
    }
    expect(new Set(seen).size).toBe(total);
    const beyond = await api.get<Schemas['ReservationListResponse']>(`${P}/reservations?offset=100`);
    expect(beyond.body).toMatchObject({ count: 0, total: 6, reservations: [] });
  });

  it('defaults limit to 50 and clamps a larger limit to 100', async () => {
    for (let i = 0; i < 110; i++) {
      await api.service.control.addReservation('demo-bistro', {
        date: '2026-07-01',
        from: '12:00',
        to: '13:00',
        customer: { email: `bulk${i}@example.com` },
      });
    }
    expect((await api.get<Schemas['ReservationListResponse']>(`${P}/reservations`)).body.count).toBe(50);
    const clamped = await api.get<Schemas['ReservationListResponse']>(`${P}/reservations?limit=1000`);
    expect(clamped.status).toBe(200);
    expect(clamped.body.count).toBe(100);
    expect(clamped.body.total).toBe(116);
  });
});

describe('GET /reservations/:id', () => {
  const api = useMockApi();

  it('returns the reservation with its status history, oldest first', async () => {
    const { body } = await api.get<Schemas['ReservationDetailResponse']>(`${P}/reservations/res_demo_0003`);
    expect(body.reservation).toMatchObject({
      id: 'res_demo_0003',
      status: 'CONFIRMED',
      table: { id: 'tbl_04' },
    });
    expect(body.reservation.statusHistory.map((h) => h.action)).toEqual(['created', 'confirmed']);
    expect(body.reservation.services).toEqual([
      { id: 'svc_tasting', name: 'Degustační menu', duration: 120, price: 1490 },
    ]);
  });
});

describe('POST /reservations', () => {
  const api = useMockApi();

  it('creates a PENDING reservation with guests 1, null note and table, and a created history entry', async () => {
    const created = await api.post<Schemas['CreateReservationResponse']>(`${P}/reservations`, booking());
    expect(created.status).toBe(201);
    expect(created.body.reservation).toMatchObject({
      status: 'PENDING',
      date: '2026-06-16',
      from: '12:00',
      to: '13:00',
    });
    const { body } = await api.get<Schemas['ReservationDetailResponse']>(
      `${P}/reservations/${created.body.reservation.id}`,
    );
    expect(body.reservation).toMatchObject({ guests: 1, note: null, table: null, services: [] });
    expect(body.reservation.customer).toMatchObject({
      firstName: null,
      lastName: null,
      phone: null,
      email: 'guest@example.com',
    });
    expect(body.reservation.statusHistory).toEqual([
      { status: 'PENDING', changedBy: 'system', action: 'created', changedAt: '2026-06-15T08:00:00.000Z' },
    ]);
  });

  it('finds the customer by e-mail case-insensitively and updates the given names and phone', async () => {
    const first = await api.post<Schemas['CreateReservationResponse']>(
      `${P}/reservations`,
      booking({ email: 'Eva@Example.com', firstName: 'Eva' }),
    );
    const second = await api.post<Schemas['CreateReservationResponse']>(
      `${P}/reservations`,
      booking({ email: 'eva@example.COM', lastName: 'Malá', phone: '+420 111', from: '13:00', to: '14:00' }),
    );
    const a = await api.get<Schemas['ReservationDetailResponse']>(
      `${P}/reservations/${first.body.reservation.id}`,
    );
    const b = await api.get<Schemas['ReservationDetailResponse']>(
      `${P}/reservations/${second.body.reservation.id}`,
    );
    expect(a.body.reservation.customer.id).toBe(b.body.reservation.customer.id);
    expect(b.body.reservation.customer).toMatchObject({
      firstName: 'Eva',
      lastName: 'Malá',
      phone: '+420 111',
    });
  });

  it('books a table with services, guests and a note', async () => {
    const created = await api.post<Schemas['CreateReservationResponse']>(
      `${P}/reservations`,
      booking({
        tableId: 'tbl_02',
        guests: 4,
        serviceIds: ['svc_lunch'],
        note: 'Okno',
        branchId: 'br_old_town',
      }),
    );
    expect(created.status).toBe(201);
    const { body } = await api.get<Schemas['ReservationDetailResponse']>(
      `${P}/reservations/${created.body.reservation.id}`,
    );
    expect(body.reservation).toMatchObject({
      guests: 4,
      note: 'Okno',
      table: { id: 'tbl_02', name: 'Stůl 2', capacity: 4 },
      services: [{ id: 'svc_lunch', name: 'Obědové menu', duration: 60, price: 229 }],
    });
  });

  it('accepts touching reservations on the same table', async () => {
    expect(
      (await api.post(`${P}/reservations`, booking({ tableId: 'tbl_01', from: '11:00', to: '12:00' })))
        .status,
    ).toBe(201);
    expect(
      (await api.post(`${P}/reservations`, booking({ tableId: 'tbl_01', from: '12:00', to: '13:00' })))
        .status,
    ).toBe(201);
  });

  it('lets a cancelled reservation free its table', async () => {
    const first = await api.post<Schemas['CreateReservationResponse']>(
      `${P}/reservations`,
      booking({ tableId: 'tbl_01' }),
    );
    await api.del(`${P}/reservations/${first.body.reservation.id}`);
    expect((await api.post(`${P}/reservations`, booking({ tableId: 'tbl_01' }))).status).toBe(201);
  });

  it('requires the phone in a project with requirePhone (demo-salon)', async () => {
    const salon = '/api/v1/demo-salon/reservations';
    const without = await api.post(salon, booking({ date: '2026-06-17', from: '10:00', to: '11:00' }), {
      key: 'rk_salon_full',
    });
    expect(without.body).toEqual({ error: 'Bad Request', message: 'Missing required fields: phone' });
    const withPhone = await api.post(
      salon,
      booking({ date: '2026-06-17', from: '10:00', to: '11:00', phone: '+420 600 000 000' }),
      {
        key: 'rk_salon_full',
      },
    );
    expect(withPhone.status).toBe(201);
  });
});

describe('PATCH /reservations/:id/status and DELETE /reservations/:id', () => {
  const api = useMockApi();

  it('confirms and completes, writing history entries with the acting key id and note', async () => {
    const id = 'res_demo_0004';
    const confirmed = await api.patch(`${P}/reservations/${id}/status`, {
      status: 'CONFIRMED',
      note: 'By phone',
    });
    expect(confirmed.body).toEqual({
      success: true,
      message: 'Reservation status updated',
      reservation: { id, status: 'CONFIRMED' },
    });
    await api.patch(`${P}/reservations/${id}/status`, { status: 'COMPLETED' });
    const { body } = await api.get<Schemas['ReservationDetailResponse']>(`${P}/reservations/${id}`);
    expect(body.reservation.statusHistory.slice(1)).toEqual([
      {
        status: 'CONFIRMED',
        changedBy: 'key_demo_full',
        action: 'confirmed',
        changedAt: '2026-06-15T08:00:00.000Z',
        note: 'By phone',
      },
      {
        status: 'COMPLETED',
        changedBy: 'key_demo_full',
        action: 'completed',
        changedAt: '2026-06-15T08:00:00.000Z',
      },
    ]);
  });

  it('cancels with DELETE, keeping the reservation and the reason', async () => {
    const deleted = await api.del(`${P}/reservations/res_demo_0003`, { json: { reason: 'Ill' } });
    expect(deleted.body).toEqual({ success: true, message: 'Reservation cancelled' });
    const { body } = await api.get<Schemas['ReservationDetailResponse']>(`${P}/reservations/res_demo_0003`);
    expect(body.reservation.status).toBe('CANCELLED');
    expect(body.reservation.statusHistory.at(-1)).toMatchObject({
      action: 'cancelled',
      reason: 'Ill',
      changedBy: 'key_demo_full',
    });
  });

  it('cancels with DELETE without a body', async () => {
    expect((await api.del(`${P}/reservations/res_demo_0004`)).status).toBe(200);
  });
});

describe('public data', () => {
  const api = useMockApi();

  it('lists active tables by position, filtered by branch and zone', async () => {
    const all = await api.get<Schemas['TableListResponse']>(`${P}/tables`, { key: 'rk_demo_basic' });
    expect(all.body.tables.map((t) => t.id)).toEqual([
      'tbl_01',
      'tbl_02',
      'tbl_03',
      'tbl_04',
      'tbl_05',
      'tbl_06',
    ]);
    expect(all.body.count).toBe(6);
    const terrace = await api.get<Schemas['TableListResponse']>(
      `${P}/tables?zoneId=zone_terrace&branchId=br_old_town`,
    );
    expect(terrace.body.tables.map((t) => t.id)).toEqual(['tbl_05', 'tbl_06']);
    const noZone = await api.get<Schemas['TableListResponse']>(`${P}/tables?zoneId=zone_nowhere`);
    expect(noZone.body).toEqual({ success: true, count: 0, tables: [] });
  });

  it('lists active services by name and by branch', async () => {
    const all = await api.get<Schemas['ServiceListResponse']>(`${P}/services`);
    expect(all.body.services.map((s) => s.name)).toEqual([
      'Degustační menu',
      'Obědové menu',
      'Rodinná oslava',
    ]);
    const salon = await api.get<Schemas['ServiceListResponse']>('/api/v1/demo-salon/services', {
      key: 'rk_salon_full',
    });
    expect(salon.body.services.map((s) => s.id)).not.toContain('svc_salon_perm');
    const branch = await api.get<Schemas['ServiceListResponse']>(`${P}/services?branchId=br_old_town`);
    expect(branch.body.services.map((s) => s.id)).toEqual(['svc_tasting', 'svc_party']);
  });

  it('returns the schedule with Czech day names and holidays', async () => {
    const { body } = await api.get<Schemas['ScheduleResponse']>(`${P}/schedule`);
    expect(body.openingHours.map((d) => d.dayName)).toEqual([
      'Neděle',
      'Pondělí',
      'Úterý',
      'Středa',
      'Čtvrtek',
      'Pátek',
      'Sobota',
    ]);
    expect(body.openingHours[0]).toEqual({ dayOfWeek: 0, dayName: 'Neděle', isOpen: false });
    expect(body.openingHours[6]).toEqual({
      dayOfWeek: 6,
      dayName: 'Sobota',
      isOpen: true,
      open: '11:00',
      close: '22:00',
    });
    expect(body.holidays).toEqual([{ date: '2026-12-24', name: 'Štědrý den', isOpen: false }]);
  });

  it('returns project info with settings (time zone) and branding', async () => {
    const { body } = await api.get<Schemas['ProjectInfoResponse']>(`${P}/info`, { key: 'rk_demo_basic' });
    expect(body.project.slug).toBe('demo-bistro');
    expect(body.settings).toMatchObject({
      timeZone: 'Europe/Prague',
      requirePhone: false,
      branches: [{ id: 'br_old_town' }],
    });
    expect(body.branding).toEqual({
      primary: '#B4462B',
      secondary: '#2F3E46',
      accent: '#E9C46A',
      border: '#DDD5C8',
    });
  });

  it('pages the gallery by displayOrder', async () => {
    const first = await api.get<Schemas['PhotoListResponse']>(`${P}/gallery?limit=2`);
    expect(first.body).toMatchObject({ count: 2, total: 5 });
    expect(first.body.photos.map((p) => p.id)).toEqual(['pho_01', 'pho_02']);
    const last = await api.get<Schemas['PhotoListResponse']>(`${P}/gallery?limit=2&offset=4`);
    expect(last.body.photos.map((p) => p.id)).toEqual(['pho_05']);
    expect((await api.get<Schemas['PhotoListResponse']>(`${P}/gallery?limit=500`)).body.count).toBe(5);
  });

  it('lists approved visible reviews newest first with the rounded average', async () => {
    const { body } = await api.get<Schemas['ReviewListResponse']>(`${P}/reviews`);
    expect(body).toMatchObject({ count: 5, total: 5, totalReviews: 5, averageRating: 4.4 });
    expect(body.reviews.map((r) => r.id)).toEqual(['rev_06', 'rev_05', 'rev_04', 'rev_02', 'rev_01']);
    const page = await api.get<Schemas['ReviewListResponse']>(`${P}/reviews?limit=2&offset=1`);
    expect(page.body.reviews.map((r) => r.id)).toEqual(['rev_05', 'rev_04']);
    expect(page.body.averageRating).toBe(4.4);
  });

  it('reports a null average for a project without reviews', async () => {
    await api.service.control.createProject({ id: 'prj_x', slug: 'x', name: 'X', openingHours: {} });
    const { key } = await api.service.control.keys.create('x', { permissions: ['media'] });
    const { body } = await api.get(`/api/v1/x/reviews`, { key });
    expect(body).toEqual({
      success: true,
      count: 0,
      total: 0,
      averageRating: null,
      totalReviews: 0,
      reviews: [],
    });
  });

  it('returns availability for an open day', async () => {
    const { body } = await api.get<Schemas['AvailabilityResponse']>(`${P}/availability?date=2026-06-16`);
    expect(body).toMatchObject({ date: '2026-06-16', dayOfWeek: 'Tuesday', isOpen: true });
    expect(body.openingHours).toEqual({
      open: '11:00',
      close: '22:00',
      breakStart: '15:00',
      breakEnd: '17:00',
    });
    expect(body.slots).toHaveLength(18);
  });
});

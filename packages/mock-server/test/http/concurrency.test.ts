import { describe, expect, it } from 'vitest';
import { booking, useMockApi } from '../support/api';

describe('concurrent bookings', () => {
  const api = useMockApi();

  it('50 concurrent creations for the same table and time give exactly one 201, the others 409', async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        api.post(
          '/api/v1/demo-bistro/reservations',
          booking({ email: `rush${i}@example.com`, tableId: 'tbl_02', from: '18:00', to: '20:00' }),
        ),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    const list = await api.get<{ total: number }>(
      '/api/v1/demo-bistro/reservations?date=2026-06-16&status=PENDING',
    );
    // The demo's own PENDING booking that day, plus the one winner.
    expect(list.body.total).toBe(2);
  });

  it('50 concurrent confirmations of one reservation give exactly one 200', async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        api.patch('/api/v1/demo-bistro/reservations/res_demo_0004/status', { status: 'CONFIRMED' }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(49);
    const history = (await api.service.control.getReservation('demo-bistro', 'res_demo_0004')).statusHistory;
    expect(history.map((h) => h.action)).toEqual(['created', 'confirmed']);
  });
});

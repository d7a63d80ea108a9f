import { describe, expect, it } from 'vitest';
import { useMockService } from './mock';

const mock = useMockService();

describe('read-only resources against the mock service', () => {
  it('availability.get returns the slots of an open day', async () => {
    const day = await mock.client().availability.get({ date: '2026-06-16' });
    expect(day).not.toHaveProperty('success');
    expect(day).toMatchObject({ date: '2026-06-16', dayOfWeek: 'Tuesday', isOpen: true });
    expect(day.slots.length).toBeGreaterThan(0);
    expect(day.slots[0]).toEqual({ from: '11:00', to: '11:30', available: expect.any(Boolean) });
  });

  it('availability.get honours duration as the slot length', async () => {
    const day = await mock.client().availability.get({ date: '2026-06-16', duration: 60 });
    expect(day.slots[0]).toMatchObject({ from: '11:00', to: '12:00' });
  });

  it('availability.get reports a holiday as closed with its reason and no slots', async () => {
    const day = await mock.client().availability.get({ date: '2026-12-24' });
    expect(day).toMatchObject({ isOpen: false, reason: 'Štědrý den', slots: [] });
  });

  it('schedule.get returns the week in Czech day names and the holidays', async () => {
    const schedule = await mock.client().schedule.get();
    expect(Object.keys(schedule).sort()).toEqual(['holidays', 'openingHours']);
    expect(schedule.openingHours.find((d) => d.dayOfWeek === 0)).toMatchObject({
      dayName: 'Neděle',
      isOpen: false,
    });
    expect(schedule.holidays).toContainEqual({ date: '2026-12-24', name: 'Štědrý den', isOpen: false });
  });

  it('tables.list returns active tables by position, filterable by zone', async () => {
    const client = mock.client();
    const tables = await client.tables.list();
    expect(tables.length).toBeGreaterThanOrEqual(6);
    expect(tables.map((t) => t.position)).toEqual([...tables.map((t) => t.position)].sort((a, b) => a - b));
    const zone = tables[0]?.zoneId ?? '';
    const inZone = await client.tables.list({ zoneId: zone });
    expect(inZone.length).toBeGreaterThan(0);
    expect(inZone.every((t) => t.zoneId === zone)).toBe(true);
  });

  it('services.list returns the services', async () => {
    const services = await mock.client().services.list();
    expect(services.length).toBe(3);
    expect(services.every((s) => s.isActive)).toBe(true);
  });

  it('info.get returns project, settings and branding without success', async () => {
    const info = await mock.client().info.get();
    expect(Object.keys(info).sort()).toEqual(['branding', 'project', 'settings']);
    expect(info.project.slug).toBe('demo-bistro');
    expect(info.settings.requirePhone).toBe(false);
  });

  it('gallery.iterate pages through every photo', async () => {
    const client = mock.client();
    const { total } = await client.gallery.list();
    mock.requests.length = 0;
    const photos = await client.gallery.iterate({ limit: 2 }).toArray({ max: 100 });
    expect(photos).toHaveLength(total);
    expect(mock.requests).toHaveLength(Math.ceil(total / 2));
    expect(photos.map((p) => p.displayOrder)).toEqual(
      [...photos.map((p) => p.displayOrder)].sort((a, b) => a - b),
    );
  });

  it('reviews.list and iterate return only approved reviews, with the average', async () => {
    const client = mock.client();
    const page = await client.reviews.list({ limit: 2 });
    expect(page.count).toBe(2);
    expect(page.averageRating).not.toBeNull();
    const all = await client.reviews.iterate({ limit: 2 }).toArray({ max: 100 });
    expect(all).toHaveLength(page.total);
  });
});

// The widget's pure parts: configuration, calendar arithmetic, error messages.

import type { ErrorCode } from '@reservation-api/sdk';
import { describe, expect, it } from 'vitest';
import { ApiError, type Schedule } from '../src/api';
import { readConfig } from '../src/config';
import { addDays, localNow, nextOpenDay, weekday } from '../src/dates';
import { bookingErrorMessage } from '../src/widget';
import { isWidgetCall } from '../vite.config';

const weekdayHours = { isOpen: true, open: '11:00', close: '22:00' } as const;
/** demo-bistro: Mon–Sat open, Sunday closed, closed on 2026-12-24. */
const schedule: Pick<Schedule, 'openingHours' | 'holidays'> = {
  openingHours: [
    { dayOfWeek: 0, dayName: 'Neděle', isOpen: false },
    { dayOfWeek: 1, dayName: 'Pondělí', ...weekdayHours },
    { dayOfWeek: 2, dayName: 'Úterý', ...weekdayHours },
    { dayOfWeek: 3, dayName: 'Středa', ...weekdayHours },
    { dayOfWeek: 4, dayName: 'Čtvrtek', ...weekdayHours },
    { dayOfWeek: 5, dayName: 'Pátek', ...weekdayHours },
    { dayOfWeek: 6, dayName: 'Sobota', ...weekdayHours },
  ],
  holidays: [{ date: '2026-12-24', name: 'Štědrý den', isOpen: false }],
};

describe('readConfig', () => {
  it('defaults to mock mode and demo-bistro', () => {
    expect(readConfig('', {})).toEqual({
      mode: 'mock',
      slug: 'demo-bistro',
      now: undefined,
      e2e: false,
      persist: false,
    });
  });

  it('lets the query string override the env', () => {
    const config = readConfig('?mode=mock&project=demo-salon&now=2026-12-01T08:00:00Z&e2e=1&persist=1', {
      VITE_API_MODE: 'proxy',
    });
    expect(config).toEqual({
      mode: 'mock',
      slug: 'demo-salon',
      now: '2026-12-01T08:00:00Z',
      e2e: true,
      persist: true,
    });
    expect(readConfig('', { VITE_API_MODE: 'proxy' }).mode).toBe('proxy');
  });

  it('ignores unknown modes and bad timestamps', () => {
    expect(readConfig('?mode=live&now=yesterday', {})).toMatchObject({ mode: 'mock', now: undefined });
  });
});

describe('dates', () => {
  it('reads the local date and time in the project time zone', () => {
    expect(localNow(Date.parse('2026-12-01T08:00:00Z'), 'Europe/Prague')).toEqual({
      date: '2026-12-01',
      minutes: 9 * 60,
    });
    // 23:30 UTC is already the next day in Prague.
    expect(localNow(Date.parse('2026-12-01T23:30:00Z'), 'Europe/Prague').date).toBe('2026-12-02');
  });

  it('adds days across months and years, and names weekdays (0 = Sunday)', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(weekday('2026-12-06')).toBe(0);
    expect(weekday('2026-12-01')).toBe(2);
  });

  it('finds the next open day', () => {
    expect(nextOpenDay(schedule, { date: '2026-12-01', minutes: 9 * 60 })).toBe('2026-12-01');
    // After closing time today counts no more.
    expect(nextOpenDay(schedule, { date: '2026-12-01', minutes: 22 * 60 })).toBe('2026-12-02');
    // Sunday is closed.
    expect(nextOpenDay(schedule, { date: '2026-12-06', minutes: 0 })).toBe('2026-12-07');
    // The holiday is skipped.
    expect(nextOpenDay(schedule, { date: '2026-12-24', minutes: 0 })).toBe('2026-12-25');
  });
});

describe('bookingErrorMessage', () => {
  const error = (status: number, code?: ErrorCode, message = 'x') =>
    new ApiError(status, { error: 'Error', message, ...(code ? { code } : {}) });

  it('explains conflicts, opening hours and validation errors', () => {
    expect(bookingErrorMessage(error(409, 'DOUBLE_BOOKING'))).toBe('This slot was just taken — pick another');
    expect(bookingErrorMessage(error(422, 'OUTSIDE_OPENING_HOURS'))).toMatch(/outside opening hours/);
    expect(bookingErrorMessage(error(400, undefined, 'Missing required fields: email'))).toBe(
      'Please check the form: Missing required fields: email',
    );
    const validation = new ApiError(400, {
      error: 'Bad Request',
      message: 'Invalid body',
      code: 'VALIDATION_ERROR',
      details: [{ field: 'email', message: 'must be an e-mail address' }],
    });
    expect(bookingErrorMessage(validation)).toBe('Please check the form: email: must be an e-mail address');
    expect(bookingErrorMessage(new ApiError(0, undefined))).toMatch(/cannot be reached/);
  });
});

describe('the proxy', () => {
  it('adds the key to the calls the widget makes only, not to listing or cancelling reservations', () => {
    expect(isWidgetCall('GET', '/api/v1/demo-bistro/availability?date=2030-06-17')).toBe(true);
    expect(isWidgetCall('GET', '/api/v1/demo-bistro/info')).toBe(true);
    expect(isWidgetCall('POST', '/api/v1/demo-bistro/reservations')).toBe(true);
    expect(isWidgetCall('GET', '/api/v1/demo-bistro/reservations')).toBe(false);
    expect(isWidgetCall('DELETE', '/api/v1/demo-bistro/reservations/res_demo_0003')).toBe(false);
    expect(isWidgetCall('PATCH', '/api/v1/demo-bistro/reservations/res_demo_0003/status')).toBe(false);
    expect(isWidgetCall('GET', '/api/v1/demo-bistro/reviews')).toBe(false);
    expect(isWidgetCall('GET', '/api/v1/demo-bistro/info/../reservations')).toBe(false);
  });
});

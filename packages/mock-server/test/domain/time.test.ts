// The time module reuses a zone's day (its start and offset transitions) for every time of that day
// and counts calendar days in UTC: it must give exactly what a zoned conversion per call gives, on
// ordinary days and on the days clocks move, in zones with whole-hour, half-hour and midnight moves.
import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  dayOfWeek,
  instantOf,
  instantsOn,
  isCalendarDate,
  isDateFormat,
  isoOf,
  latestInstantWithin,
  localTime,
  missingMinutes,
  toMinutes,
} from '../../src/domain/time';

const ZONES = ['Europe/Prague', 'America/New_York', 'Australia/Lord_Howe', 'America/Santiago', 'Asia/Tokyo'];
const TIMES = ['00:00', '00:30', '01:30', '02:00', '02:30', '03:00', '12:00', '23:59', '24:00'];

function datesOf(year: number): string[] {
  const dates: string[] = [];
  for (let day = Temporal.PlainDate.from(`${year}-01-01`); day.year === year; day = day.add({ days: 1 }))
    dates.push(day.toString());
  return dates;
}

describe('time: a zone day reused for its times', () => {
  const dates = datesOf(2026);

  it('gives the instant of every local time that a zoned conversion gives, on every day of a year', () => {
    for (const zone of ZONES) {
      for (const date of dates) {
        for (const time of TIMES) {
          const minutes = Number(time.slice(0, 2)) * 60 + Number(time.slice(3));
          const expected = Temporal.PlainDate.from(date)
            .toPlainDateTime({ hour: 0 })
            .add({ minutes })
            .toZonedDateTime(zone, { disambiguation: 'earlier' }).epochMilliseconds;
          expect(instantOf(date, time, zone), `${zone} ${date} ${time}`).toBe(expected);
        }
      }
    }
  });

  it('gives the local date and time of instants a zoned conversion gives, across transitions', () => {
    for (const zone of ZONES) {
      // Every 97 minutes and 13.5 seconds through the year: many times per day, crossing each move.
      for (let ms = Date.UTC(2026, 0, 1); ms < Date.UTC(2027, 0, 1); ms += 5_833_500) {
        const local = Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(zone);
        expect(localTime(ms, zone), `${zone} ${ms}`).toEqual({
          date: local.toPlainDate().toString(),
          minutes: local.hour * 60 + local.minute + local.second / 60,
        });
      }
    }
  });

  it('finds the skipped local minutes only on the day clocks spring forward', () => {
    expect(missingMinutes('2026-03-29', 'Europe/Prague')).toEqual([120, 180]);
    expect(missingMinutes('2026-10-25', 'Europe/Prague')).toBeNull();
    expect(missingMinutes('2026-10-04', 'Australia/Lord_Howe')).toEqual([120, 150]);
    const skipped = dates.filter((date) => missingMinutes(date, 'Europe/Prague') !== null);
    expect(skipped).toEqual(['2026-03-29']);
    // Santiago and Havana spring forward at midnight: 00:00–01:00 does not exist (the day starts at 01:00).
    expect(missingMinutes('2026-09-06', 'America/Santiago')).toEqual([0, 60]);
    expect(missingMinutes('2026-03-08', 'America/Havana')).toEqual([0, 60]);
  });

  it('finds exactly the local minutes that do not exist, on every day of a year in every zone', () => {
    for (const zone of [...ZONES, 'America/Havana', 'America/Asuncion']) {
      for (const date of dates) {
        const day = Temporal.PlainDate.from(date);
        const hours = day
          .add({ days: 1 })
          .toZonedDateTime(zone)
          .since(day.toZonedDateTime(zone))
          .total('hours');
        // Only a day shorter than 24 hours can skip local times; checked minute by minute against Temporal.
        let expected: [number, number] | null = null;
        if (hours < 24) {
          const gone = [];
          for (let minute = 0; minute < 1440; minute++) {
            const local = day.toPlainDateTime({ hour: 0 }).add({ minutes: minute });
            const exists = local.toZonedDateTime(zone).toPlainDateTime().equals(local);
            if (!exists) gone.push(minute);
          }
          expected = [gone[0] ?? 0, (gone.at(-1) ?? 0) + 1];
        }
        expect(missingMinutes(date, zone), `${zone} ${date}`).toEqual(expected);
      }
    }
  });

  it('counts calendar days as Temporal does, including across years and the year 9999', () => {
    for (const date of ['2026-01-01', '2024-02-28', '2026-12-31', '1000-01-01', '9999-12-31']) {
      for (const days of [-400, -1, 0, 1, 2, 365, 1000]) {
        expect(addDays(date, days), `${date} + ${days}`).toBe(
          Temporal.PlainDate.from(date).add({ days }).toString(),
        );
      }
      expect(dayOfWeek(date)).toBe(Temporal.PlainDate.from(date).dayOfWeek % 7);
    }
  });

  it("gives a zoned conversion's instant for each of a day's minutes from one lookup of the day", () => {
    for (const zone of ZONES) {
      for (const date of ['2026-03-29', '2026-10-04', '2026-09-06', '2026-06-16']) {
        const instantAt = instantsOn(date, zone);
        // Every time of the day through the same function, in an order that is not the day's.
        for (const time of [...TIMES].reverse()) {
          const expected = Temporal.PlainDate.from(date)
            .toPlainDateTime({ hour: 0 })
            .add({ minutes: toMinutes(time) })
            .toZonedDateTime(zone, { disambiguation: 'earlier' }).epochMilliseconds;
          expect(instantAt(toMinutes(time)), `${zone} ${date} ${time}`).toBe(expected);
        }
      }
    }
  });

  it('reads HH:MM as minutes since midnight, 24:00 as 1440', () => {
    expect(TIMES.map(toMinutes)).toEqual([0, 30, 90, 120, 150, 180, 720, 1439, 1440]);
  });

  it('accepts exactly the calendar dates Temporal accepts, leap years included', () => {
    for (const year of [1000, 1900, 2000, 2024, 2026, 2100, 9999]) {
      for (let month = 1; month <= 12; month++) {
        for (let day = 0; day <= 32; day++) {
          const date = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
          let expected = true;
          try {
            Temporal.PlainDate.from(date, { overflow: 'reject' });
          } catch {
            expected = false;
          }
          expect(isCalendarDate(date), date).toBe(expected);
        }
      }
    }
    expect(['2026-13-01', '2026-00-10', '0999-12-31', '2026-1-01'].map(isCalendarDate)).toEqual([
      false,
      false,
      false,
      false,
    ]);
    // Well-formed, so `is not a calendar date` rather than a malformed date (mock README, "Rules", "Errors").
    expect(['0999-12-31', '0000-01-01', '2026-1-01'].map(isDateFormat)).toEqual([true, true, false]);
  });
});

describe('latestInstantWithin', () => {
  it('is the last instant whose local date (days ahead included) is at most 9999-12-31 in every zone', () => {
    expect(isoOf(latestInstantWithin([]))).toBe('9999-12-31T23:59:59.999Z');
    expect(isoOf(latestInstantWithin(['UTC']))).toBe('9999-12-31T23:59:59.999Z');
    expect(isoOf(latestInstantWithin(['Europe/Prague']))).toBe('9999-12-31T22:59:59.999Z');
    expect(isoOf(latestInstantWithin(['Europe/Prague', 'Pacific/Kiritimati']))).toBe(
      '9999-12-31T09:59:59.999Z',
    );
    expect(isoOf(latestInstantWithin(['Europe/Prague'], 10))).toBe('9999-12-21T22:59:59.999Z');
    // A zone behind UTC cannot pass the instant limit itself.
    expect(isoOf(latestInstantWithin(['America/New_York']))).toBe('9999-12-31T23:59:59.999Z');
  });
});

// One project's reservations under one filter (a status or any, a branch or any) in list order
// (domain/list-order.ts), grouped by date, with the count of reservations before each date. A page of
// GET /reservations is two binary searches for its date range, a subtraction for `total` and one
// more binary search for the day its offset falls in, then slices: O(log days + page size) per
// request, whatever the number of reservations. A write pays O(reservations of its day + days) to
// keep the running counts (a few hundred integers), which the store's one writer does.
import { compareListOrder } from './list-order';
import type { ReservationRecord } from './records';

export interface ListPage {
  items: ReservationRecord[];
  total: number;
}

/** The first position in the sorted `dates` not before `date`, by binary search. */
export function datePosition(dates: readonly string[], date: string): number {
  let low = 0;
  let high = dates.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((dates[mid] as string) < date) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** The first position in `list` (in list order) whose record comes after `record`, by binary search. */
function positionAfter(list: readonly ReservationRecord[], record: ReservationRecord): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (compareListOrder(list[mid] as ReservationRecord, record) <= 0) low = mid + 1;
    else high = mid;
  }
  return low;
}

export class ListIndex {
  /** The dates that hold reservations, in order. */
  readonly #dates: string[] = [];
  /** The reservations of each date of #dates, in list order. */
  readonly #days: ReservationRecord[][] = [];
  /** #before[i]: how many reservations are on the dates before #dates[i]; the last entry is the total. */
  readonly #before: number[] = [0];

  get size(): number {
    return this.#before[this.#before.length - 1] as number;
  }

  add(record: ReservationRecord): void {
    const at = datePosition(this.#dates, record.date);
    if (this.#dates[at] !== record.date) {
      this.#dates.splice(at, 0, record.date);
      this.#days.splice(at, 0, []);
      // A new date counts what the date it is inserted before counted (or the total, at the end).
      this.#before.splice(at, 0, this.#before[at] as number);
    }
    const day = this.#days[at] as ReservationRecord[];
    day.splice(positionAfter(day, record), 0, record);
    for (let i = at + 1; i < this.#before.length; i++) (this.#before[i] as number)++;
  }

  remove(record: ReservationRecord): void {
    const at = datePosition(this.#dates, record.date);
    if (this.#dates[at] !== record.date) return;
    const day = this.#days[at] as ReservationRecord[];
    // Ids are unique, so the record sorts just before the first position after it.
    const position = positionAfter(day, record) - 1;
    if (day[position] !== record) return;
    day.splice(position, 1);
    for (let i = at + 1; i < this.#before.length; i++) (this.#before[i] as number)--;
    if (day.length === 0) {
      this.#dates.splice(at, 1);
      this.#days.splice(at, 1);
      this.#before.splice(at, 1);
    }
  }

  /**
   * The reservations from `offset`, at most `limit`, of those dated `from` to `to` (inclusive, each
   * when given), and how many there are in that range.
   */
  page(from: string | undefined, to: string | undefined, offset: number, limit: number): ListPage {
    const dates = this.#dates;
    const before = this.#before;
    const low = from === undefined ? 0 : datePosition(dates, from);
    // The first date after `to`: the position of the smallest string above it.
    const high = to === undefined ? dates.length : datePosition(dates, `${to}\u0000`);
    const first = before[low] as number;
    const total = high > low ? (before[high] as number) - first : 0;
    const items: ReservationRecord[] = [];
    if (offset >= total || limit <= 0) return { items, total };
    const start = first + offset;
    const end = first + Math.min(total, offset + limit);
    // The day that holds position `start`: the last one in [low, high) that starts at or before it.
    let day = low;
    let last = high - 1;
    while (day < last) {
      const mid = (day + last + 1) >> 1;
      if ((before[mid] as number) <= start) day = mid;
      else last = mid - 1;
    }
    for (let position = start; position < end; day++) {
      const records = this.#days[day] as ReservationRecord[];
      const within = position - (before[day] as number);
      const slice = records.slice(within, within + end - position);
      for (const record of slice) items.push(record);
      position += slice.length;
    }
    return { items, total };
  }
}

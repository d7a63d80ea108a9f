// The order of GET /reservations (openapi.yaml): date, from, createdAt, then id so that no two
// reservations tie. Its own file, as the store keeps each day's reservations in this order
// (domain/store.ts) and the list reads them from there.
import type { ReservationRecord } from './records';

/** List order: `date`, `from`, then `createdAt` (then id, for a stable order). */
export function compareListOrder(a: ReservationRecord, b: ReservationRecord): number {
  if (a.date !== b.date) return a.date < b.date ? -1 : 1;
  if (a.from !== b.from) return a.from < b.from ? -1 : 1;
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

// Instants the tests share (no imports: domain tests use them without loading msw).

/** A Monday morning in Prague (10:00 local, CEST): the demo bistro is about to open. */
export const MONDAY_MORNING = '2026-06-15T08:00:00.000Z';

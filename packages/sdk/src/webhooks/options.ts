/**
 * `value` if it is a number ≥ 1 (Infinity included), else a TypeError. Shared by the webhook options
 * whose NaN or 0 would otherwise switch a protection off silently (`NaN > x` is always false).
 */
export function atLeastOne(value: number, name: string): number {
  if (value >= 1) return value;
  throw new TypeError(`${name} must be at least 1, got ${value}`);
}

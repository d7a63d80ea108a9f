import { describe, expect, it } from 'vitest';
import { DomainError, errors } from '../../src/domain/errors';

describe('DomainError', () => {
  it('carries the code, the documented message and, for the journal only, the reason', () => {
    const error = errors.doubleBooking('table tbl_02 is held by res_0001 18:00-20:00');
    expect(error).toBeInstanceOf(DomainError);
    expect(error.code).toBe('DOUBLE_BOOKING');
    expect(error.message).toBe('Table is already reserved for this time slot');
    expect(error.reason).toBe('table tbl_02 is held by res_0001 18:00-20:00');
  });

  it('states which fields failed and why in its message', () => {
    const error = errors.validation([
      { field: 'date', message: 'must be a date in YYYY-MM-DD format' },
      { field: 'guests', message: 'must be a positive integer' },
    ]);
    expect(error.message).toBe(
      'date: must be a date in YYYY-MM-DD format; guests: must be a positive integer',
    );
  });
});

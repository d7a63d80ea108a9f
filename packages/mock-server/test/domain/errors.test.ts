import { describe, expect, it } from 'vitest';
import { DomainError } from '../../src/domain/errors';

describe('DomainError', () => {
  it('carries no stack trace (a refused request is an outcome, not a bug) and leaves the global limit as it was', () => {
    const before = Error.stackTraceLimit;
    const error = new DomainError('API_KEY_MISSING', 'Missing X-API-Key header');
    expect(error.message).toBe('Missing X-API-Key header');
    expect(error.code).toBe('API_KEY_MISSING');
    expect(error.stack ?? '').not.toMatch(/\n\s+at /);
    expect(Error.stackTraceLimit).toBe(before);
    expect(new Error('a bug').stack).toMatch(/\n\s+at /);
  });
});

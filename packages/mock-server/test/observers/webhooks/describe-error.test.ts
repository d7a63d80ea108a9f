import { describe, expect, it } from 'vitest';
import { describeError } from '../../../src/observers/webhooks/send-attempt';

describe('the error text of a failed attempt', () => {
  it('names the code of an AggregateError that has no message (a refused host with two addresses)', () => {
    const refused = Object.assign(
      new AggregateError(
        [new Error('connect ECONNREFUSED ::1:4020'), new Error('connect ECONNREFUSED 127.0.0.1:4020')],
        '',
      ),
      { code: 'ECONNREFUSED' },
    );
    expect(describeError(refused)).toBe('ECONNREFUSED');
  });

  it('falls back to the first inner message when there is no code either', () => {
    expect(describeError(new AggregateError([new Error('connect ECONNREFUSED ::1:4020')], ''))).toBe(
      'connect ECONNREFUSED ::1:4020',
    );
  });

  it("adds the cause's text, as Node's fetch hides it there", () => {
    const cause = Object.assign(new AggregateError([], ''), { code: 'ECONNREFUSED' });
    expect(describeError(new TypeError('fetch failed', { cause }))).toBe('fetch failed: ECONNREFUSED');
  });

  it('keeps a plain message as it is', () => {
    expect(describeError(new Error('timeout after 5000 ms'))).toBe('timeout after 5000 ms');
    expect(describeError('text')).toBe('text');
  });
});

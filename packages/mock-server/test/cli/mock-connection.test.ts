// How a CLI command says it could not talk to the mock (mock README, "Webhooks from the command
// line"): one sentence naming what failed, the URL and the reason fetch gave in its cause.
import { describe, expect, it } from 'vitest';
import { describeFailure, mockTarget } from '../../src/cli/mock-connection';

describe('describeFailure', () => {
  it("names the command, the URL and fetch's reason (its cause), not only `fetch failed`", async () => {
    const target = mockTarget({ url: 'http://127.0.0.1:1' });
    // Port 1 is one fetch refuses to use: its error says `fetch failed`, the cause `bad port`.
    const error = await fetch('http://127.0.0.1:1/__mock/coverage').catch((caught: unknown) => caught);
    expect(describeFailure(error, target, 'reading the coverage').message).toBe(
      'Could not reach the mock at http://127.0.0.1:1 while reading the coverage (fetch failed: bad port).',
    );
  });
});

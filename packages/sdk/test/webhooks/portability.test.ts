import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const dir = join(import.meta.dirname, '../../src/webhooks');

describe('the webhooks entry', () => {
  it('imports no Node-only module, so it runs in edge runtimes and browsers (Web Crypto only)', () => {
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts'))) {
      const source = readFileSync(join(dir, file), 'utf8');
      expect(source, file).not.toMatch(/from ['"](node:|crypto['"]|buffer['"]|fs['"])/);
      expect(source, file).not.toMatch(/\brequire\(/);
    }
  });
});

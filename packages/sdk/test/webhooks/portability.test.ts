import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const dir = join(import.meta.dirname, '../../src/webhooks');

describe('the webhooks entry', () => {
  it('imports no Node-only module, so it runs in edge runtimes and browsers (Web Crypto only)', () => {
    const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const source = readFileSync(join(dir, file), 'utf8');
      expect(source, file).not.toMatch(/from ['"](node:|crypto['"]|buffer['"]|fs['"])/);
      expect(source, file).not.toMatch(/\brequire\(/);
    }
  });
});

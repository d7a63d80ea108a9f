// The mock README's table of response shapes for plain fetch ("Calling it with plain fetch") against
// the mock itself: every success row's keys are exactly the top-level keys of the answer, and the
// error row's are those of a 404 and a validation error.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createMockCore } from '@reservation-api/mock-server/node';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');
const readme = readFileSync(join(root, 'packages/mock-server/README.md'), 'utf8');
const section = readme.slice(
  readme.indexOf('### Calling it with plain fetch'),
  readme.indexOf('### Readiness'),
);
const rows = section
  .split('\n')
  .filter((line) => /^\| `(GET|POST) /.test(line) || line.startsWith('| any error'))
  .map((line) => line.split('|').map((cell) => cell.trim()));

/** The names inside `{ a, b, c }` of a table cell. */
const keysOf = (cell: string) =>
  (/`\{ ([^}]*) \}`/.exec(cell)?.[1] ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);

const BODIES: Record<string, unknown> = {
  'POST /reservations': { email: 'shapes@example.com', date: '2030-06-18', from: '19:00', to: '20:00' },
};

describe("the mock README's response shapes", () => {
  const core = createMockCore({ now: '2030-06-17T08:00:00Z' });
  const call = async (method: string, path: string, body?: unknown) => {
    const answer = await core.fetch(
      new Request(`${core.baseUrl}/api/v1/demo-bistro${path}`, {
        method,
        headers: { 'X-API-Key': 'rk_demo_full', 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    );
    if (!answer) throw new Error(`no answer for ${method} ${path}`);
    return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
  };

  it('has the rows', () => {
    expect(rows.length).toBeGreaterThanOrEqual(8);
  });

  it.each(rows.filter((row) => row[1] !== 'any error'))(
    '%s',
    async (_, request = '', status = '', body = '') => {
      const [method = '', template = ''] = request.replaceAll('`', '').split(' ');
      const path = template.replace('{id}', 'res_demo_0001').replace('date=', 'date=2030-06-18');
      const answer = await call(method, path, BODIES[`${method} ${template}`]);
      expect(answer.status).toBe(Number(status));
      expect(Object.keys(answer.body).sort()).toEqual(keysOf(body).sort());
    },
  );

  it('error bodies: { error, message }, plus code, plus details for VALIDATION_ERROR', async () => {
    const errorRow = rows.find((row) => row[1] === 'any error');
    expect(keysOf(errorRow?.[3] ?? '')).toEqual(['error', 'message']);
    const missing = await call('GET', '/reservations/res_missing');
    expect(Object.keys(missing.body).sort()).toEqual(['code', 'error', 'message']);
    const invalid = await call('GET', '/availability?date=2030-02-30');
    expect(invalid.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [expect.objectContaining({ field: 'date' })],
    });
  });
});

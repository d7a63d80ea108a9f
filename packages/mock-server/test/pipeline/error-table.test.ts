// One error table for every answer of the mock (pipeline/responses.ts): the API's, the control
// routes' and the standalone server's own. Every code the control and the sessions can raise has a
// row, and each answer, provoked over real HTTP, takes its status, `error` text, code and (where
// the row has one) message from that row.
import { type IncomingMessage, request } from 'node:http';
import { describe, expect, it, onTestFinished } from 'vitest';
import {
  MOCK_CONTROL_ERROR_CODES,
  type MockControlErrorCode,
  type MockControlErrorKind,
} from '../../src/control/control';
import { MAX_FAULTS } from '../../src/control/faults';
import { createMockCore, MockControlError, silentLogger } from '../../src/index';
import type { MockServer } from '../../src/node';
import {
  controlErrorRow,
  controlFailureAnswer,
  ERROR_TABLE,
  type ErrorRow,
  statusText,
} from '../../src/pipeline/responses';
import { MAX_EVENT_CLIENTS } from '../../src/transports/events-stream';
import { rawRequest } from '../support/raw-http';
import { type HttpAnswer, send, startServer } from '../support/server';

/** What the row says an answer is: its status, the status text, the code when it has one, the fixed message. */
function expectRow(row: ErrorRow, answer: { status: number; body: unknown }, ownMessage?: string): void {
  const mapping = ERROR_TABLE[row];
  expect(answer.status).toBe(mapping.status);
  const body = answer.body as Record<string, unknown>;
  expect(body.error).toBe(statusText(mapping.status));
  if (mapping.code === null) expect(body).not.toHaveProperty('code');
  else expect(body.code).toBe(mapping.code);
  if (ownMessage !== undefined) expect(body.message).toBe(ownMessage);
  else if (mapping.message !== undefined) expect(body.message).toBe(mapping.message);
  expect(typeof body.message).toBe('string');
}

const KINDS: readonly MockControlErrorKind[] = ['invalid', 'not_found', 'conflict', 'limit'];

/** The kind each code is raised with (control/control.ts, transports/sessions.ts). */
const KIND_OF: Readonly<Record<MockControlErrorCode, MockControlErrorKind>> = {
  VALIDATION_ERROR: 'invalid',
  CLOCK_BACKWARDS: 'conflict',
  TOO_MANY_FAULTS: 'conflict',
  SESSION_EXISTS: 'conflict',
  SESSION_LIMIT: 'limit',
  SESSION_NOT_FOUND: 'not_found',
};

describe('the one error table', () => {
  it.each(MOCK_CONTROL_ERROR_CODES)('has a row for the control code %s whose body carries it', (code) => {
    expect(ERROR_TABLE[code].code).toBe(code);
  });

  it("names every registered 4xx and 5xx an injected fault may answer by Node's status text", async () => {
    const { STATUS_CODES } = await import('node:http');
    for (let status = 400; status <= 599; status++) {
      const text = STATUS_CODES[status];
      expect(statusText(status), String(status)).toBe(text ?? (status >= 500 ? 'Server Error' : 'Error'));
    }
  });

  it('gives every row a status the status-text table names (no fallback text)', () => {
    for (const [row, mapping] of Object.entries(ERROR_TABLE)) {
      expect(mapping.status, row).toBeGreaterThanOrEqual(400);
      expect(statusText(mapping.status), row).not.toMatch(/^(Error|Server Error)$/);
    }
  });

  it.each(KINDS)("answers a code-less MockControlError of kind %s by its kind's row", (kind) => {
    const error = new MockControlError('refused', kind);
    const answer = controlFailureAnswer(error);
    if (!answer) throw new Error('no answer');
    expectRow(controlErrorRow(error), { status: answer.status, body: JSON.parse(answer.body) }, 'refused');
    // `invalid` is always VALIDATION_ERROR.
    if (kind === 'invalid') expect(JSON.parse(answer.body).code).toBe('VALIDATION_ERROR');
  });

  it.each(MOCK_CONTROL_ERROR_CODES)(
    'answers %s by its row, with the status of the kind it is raised with',
    (code) => {
      const kind = KIND_OF[code];
      const error = new MockControlError('refused', kind, code);
      const answer = controlFailureAnswer(error);
      if (!answer) throw new Error('no answer');
      expectRow(code, { status: answer.status, body: JSON.parse(answer.body) }, 'refused');
      // RemoteControlError reads the kind back from the status (mock README, connectMock).
      expect(answer.status).toBe(ERROR_TABLE[controlErrorRow(new MockControlError('x', kind))].status);
    },
  );

  it('answers a world that ended by its row (503 while closing)', async () => {
    const core = createMockCore({ logger: silentLogger });
    await core.close();
    const response = await core.fetch(new Request(`${core.baseUrl}/api/v1/demo-bistro/info`));
    if (!response) throw new Error('no answer');
    expectRow('SHUTTING_DOWN', { status: response.status, body: await response.json() });
  });
});

interface ServerCase {
  row: ErrorRow;
  what: string;
  options?: Parameters<typeof startServer>[0];
  ask(server: MockServer): Promise<HttpAnswer | { status: number; body: unknown }>;
}

const SERVER_CASES: readonly ServerCase[] = [
  {
    row: 'HOST_NOT_ALLOWED',
    what: 'a foreign Host header',
    ask: (s) => send(s, 'GET', '/api/v1/demo-bistro/info', { host: 'evil.example' }),
  },
  {
    row: 'MALFORMED_URL',
    what: 'a request target no URL parser accepts',
    async ask(s) {
      const answer = await rawRequest(
        s.address.port,
        `GET //[ HTTP/1.1\r\nHost: 127.0.0.1:${s.address.port}\r\nConnection: close\r\n\r\n`,
      );
      return { status: answer.status, body: JSON.parse(answer.body) };
    },
  },
  {
    row: 'NOT_FOUND',
    what: 'no such API route',
    ask: (s) => send(s, 'GET', '/api/v1/demo-bistro/nothing-here'),
  },
  {
    row: 'SESSION_NOT_FOUND',
    what: "a session's route of no session",
    ask: (s) => send(s, 'GET', '/sessions/nobody/api/v1/demo-bistro/info'),
  },
  {
    row: 'SESSION_NOT_FOUND',
    what: 'ending a session that is not there',
    ask: (s) => send(s, 'DELETE', '/__mock/sessions/nobody'),
  },
  {
    row: 'SESSION_EXISTS',
    what: 'a second session of one id',
    async ask(s) {
      await send(s, 'POST', '/__mock/sessions', { json: { id: 'twice' } });
      return send(s, 'POST', '/__mock/sessions', { json: { id: 'twice' } });
    },
  },
  {
    row: 'SESSION_LIMIT',
    what: 'one session more than --max-sessions',
    options: { maxSessions: 1 },
    async ask(s) {
      await send(s, 'POST', '/__mock/sessions', { json: {} });
      return send(s, 'POST', '/__mock/sessions', { json: {} });
    },
  },
  {
    row: 'VALIDATION_ERROR',
    what: 'a session id out of its alphabet',
    ask: (s) => send(s, 'DELETE', '/__mock/sessions/a.b'),
  },
  {
    row: 'VALIDATION_ERROR',
    what: 'a clock move of neither kind',
    ask: (s) => send(s, 'POST', '/__mock/clock', { json: {} }),
  },
  {
    row: 'CLOCK_BACKWARDS',
    what: 'the clock set backwards',
    ask: (s) => send(s, 'POST', '/__mock/clock', { json: { now: '2001-01-01T00:00:00Z' } }),
  },
  {
    row: 'TOO_MANY_FAULTS',
    what: 'one fault more than the bound',
    async ask(s) {
      for (let i = 0; i < MAX_FAULTS; i += 1) s.service.control.faults.add({ path: `/f${i}`, status: 500 });
      return send(s, 'POST', '/__mock/faults', { json: { path: '/one-more', status: 500 } });
    },
  },
  {
    row: 'CONTROL_NOT_FOUND',
    what: 'an unknown fault id',
    ask: (s) => send(s, 'DELETE', '/__mock/faults/flt_nothing'),
  },
  {
    row: 'CONTROL_NO_ROUTE',
    what: 'no such control route',
    ask: (s) => send(s, 'GET', '/__mock/nothing-here'),
  },
  {
    row: 'CONTROL_MALFORMED_PATH',
    what: 'a control path that does not decode',
    ask: (s) => send(s, 'GET', '/__mock/projects/%E0%A4%A/keys'),
  },
  {
    row: 'TOO_MANY_WATCHERS',
    what: 'one event-stream client more than the bound',
    async ask(s) {
      for (let i = 0; i < MAX_EVENT_CLIENTS; i += 1) {
        const res = await new Promise<IncomingMessage>((resolve, reject) => {
          const req = request(`${s.url}/__mock/events`, { agent: false }, resolve);
          req.on('error', reject);
          req.end();
        });
        res.on('error', () => undefined);
        onTestFinished(() => {
          res.destroy();
        });
      }
      return send(s, 'GET', '/__mock/events');
    },
  },
  {
    row: 'FOREIGN_ORIGIN',
    what: 'a control request from a page of another origin',
    ask: (s) => send(s, 'GET', '/__mock/health', { headers: { origin: 'https://evil.example' } }),
  },
];

describe('every error answer of the standalone server comes from the table', () => {
  it.each(SERVER_CASES)('$row: $what', async ({ row, options, ask }) => {
    const server = await startServer({ logger: silentLogger, ...options });
    expectRow(row, await ask(server));
  });

  // Malformed control input is 400 VALIDATION_ERROR (mock README, "The control interface"), a body
  // that is not a JSON object too, on the control routes and the sessions' alike; nothing changes.
  it('answers a control body that is not a JSON object by the VALIDATION_ERROR row; nothing changes', async () => {
    const server = await startServer({ logger: silentLogger });
    const { control } = server.service;
    expect((await send(server, 'GET', '/api/v1/demo-bistro/info')).status).toBe(200);
    const state = async () => ({
      keys: await control.keys.list('demo-bistro'),
      // A reset would clear the journal.
      requests: control.requests.list(),
      sessions: (await send(server, 'GET', '/__mock/sessions')).body,
    });
    const before = await state();
    for (const path of ['/__mock/reset', '/__mock/projects/demo-bistro/keys', '/__mock/sessions'])
      for (const body of ['{nope', '[]', 'permissions=read']) {
        const answer = await send(server, 'POST', path, { body });
        expect({ status: answer.status, body: answer.body }, `${path} ${body}`).toEqual({
          status: 400,
          body: {
            error: statusText(400),
            message: 'Request body must be a JSON object',
            code: 'VALIDATION_ERROR',
          },
        });
      }
    expect(await state()).toEqual(before);
  });

  it('answers a control body over 64 KiB with its row status and no code (the control carries only its own codes)', async () => {
    const server = await startServer({ logger: silentLogger });
    const answer = await send(server, 'POST', '/__mock/reset', {
      json: { now: '2030-06-17T08:00:00Z', padding: 'x'.repeat(70_000) },
    });
    expect(answer.status).toBe(ERROR_TABLE.PAYLOAD_TOO_LARGE.status);
    expect(answer.body).toEqual({ error: statusText(413), message: 'Request body too large' });
  });
});

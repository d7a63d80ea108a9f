// Every webhook target accepts http: and https: URLs only (mock README, "Webhooks"): `--webhook-url`,
// `startMockServer({ webhookUrl })`, a seed's `webhook.url`, a persisted webhook record, the control's
// setWebhook and redeliver. Before, `--webhook-url file:///etc/passwd` started a server whose
// deliveries then failed on every attempt; so did a URL with credentials (user:password@), which
// fetch refuses, and the banner printed its password.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { runToExit } from '../../../../test/support/child-process';
import { createMockCore, demoSeed, parseSeedData, SeedError, silentLogger } from '../../src/index';
import { startMockServer } from '../../src/node';
import { emptyReply } from '../support/webhook-reply';

const BAD = ['file:///etc/passwd', 'javascript:alert(1)', 'ftp://127.0.0.1/x', 'data:,x'];
const WITH_CREDENTIALS = ['http://user:s3cret@127.0.0.1:9/hook', 'https://user@example.com/hook'];
const CREDENTIALS = 'url must not contain credentials (user:password@): fetch refuses them';

describe('startMockServer({ webhookUrl })', () => {
  it.each(BAD)('%s for every project is refused before listening', async (url) => {
    await expect(startMockServer({ port: 0, webhookUrl: url, logger: silentLogger })).rejects.toThrow(
      /webhookUrl .*must be an http: or https: URL/,
    );
  });

  it.each(WITH_CREDENTIALS)('%s is refused before listening', async (url) => {
    await expect(startMockServer({ port: 0, webhookUrl: url, logger: silentLogger })).rejects.toThrow(
      /webhookUrl must be an http: or https: URL without credentials/,
    );
  });

  it('a per-project file: URL is refused, naming the project', async () => {
    await expect(
      startMockServer({ port: 0, webhookUrl: { 'demo-bistro': 'file:///etc/passwd' }, logger: silentLogger }),
    ).rejects.toThrow(/demo-bistro/);
  });
});

describe('a seed webhook url', () => {
  it.each(BAD)('%s is a SeedError naming the field', (url) => {
    const seed = demoSeed();
    const [first] = seed.projects;
    if (!first) throw new Error('the demo seed has projects');
    first.webhook = { url };
    expect(() => parseSeedData(seed)).toThrow(SeedError);
    expect(() => parseSeedData(seed)).toThrow(/webhook\.url/);
  });

  it.each(WITH_CREDENTIALS)('%s is a SeedError saying why', (url) => {
    const seed = demoSeed();
    const [first] = seed.projects;
    if (!first) throw new Error('the demo seed has projects');
    first.webhook = { url };
    expect(() => parseSeedData(seed)).toThrow(SeedError);
    expect(() => parseSeedData(seed)).toThrow(CREDENTIALS);
  });
});

describe('the control', () => {
  it.each(BAD)('setWebhook %s is refused and changes nothing', async (url) => {
    const core = createMockCore({ now: '2026-06-15T08:00:00Z', logger: silentLogger });
    await expect(core.control.setWebhook('demo-bistro', { url })).rejects.toThrow(
      'url must be an http(s) URL',
    );
    core.close();
  });

  it.each(WITH_CREDENTIALS)('setWebhook and redeliver refuse %s and change nothing', async (url) => {
    const sentTo: string[] = [];
    const core = createMockCore({
      now: '2026-06-15T08:00:00Z',
      logger: silentLogger,
      webhookTransport: async (post) => {
        sentTo.push(post.url);
        return emptyReply(204);
      },
    });
    const { control } = core;
    await control.setWebhook('demo-bistro', { url: 'https://hooks.test/in' });
    const { deliveries } = await control.trigger('demo-bistro', 'reservation.created');
    await control.settled();
    const before = { webhooks: (await control.snapshot()).webhooks, deliveries: control.deliveries() };

    await expect(control.setWebhook('demo-bistro', { url })).rejects.toThrow(CREDENTIALS);
    await expect(control.redeliver(deliveries[0] ?? 'none', { url })).rejects.toThrow(CREDENTIALS);
    await control.settled();
    expect({ webhooks: (await control.snapshot()).webhooks, deliveries: control.deliveries() }).toEqual(
      before,
    );
    expect(sentTo).toEqual(['https://hooks.test/in']);
    core.close();
  });
});

const cli = fileURLToPath(new URL('../../src/cli.ts', import.meta.url));
const tsx = fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url));
const children: ReturnType<typeof spawn>[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGTERM');
});

describe('reservation-mock --webhook-url', () => {
  it.each([
    ['file:///etc/passwd'],
    ['demo-bistro=file:///etc/passwd'],
    ['http://user:s3cret@127.0.0.1:9/hook'],
  ])(
    '%s stops the CLI with a message naming the flag',
    async (value) => {
      const child = spawn(
        tsx,
        ['--conditions=@reservation-api/source', cli, '--port', '0', '--webhook-url', value],
        {
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      children.push(child);
      const { code, output } = await runToExit(child);
      // Bad usage, as an unknown flag.
      expect(code).toBe(2);
      expect(output).toContain('--webhook-url must be an http: or https: URL');
      expect(output).not.toContain('listening on');
    },
    30_000,
  );
});

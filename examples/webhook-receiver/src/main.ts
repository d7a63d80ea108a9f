// `pnpm --filter @reservation-api/example-webhook-receiver start`: the receiver from the command line.
// Configured by environment variables so that the secret never appears in the shell history or `ps`.
import { createReceiver, DEFAULT_HOST, DEFAULT_PORT } from './receiver';

/** The standalone mock's documented secret for demo-bistro (openapi.yaml `x-mock-server`, the mock's README). */
const DEMO_SECRET = 'whsec_demo_bistro';

function portFromEnv(value: string | undefined): number {
  if (value === undefined || value === '') return DEFAULT_PORT;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new Error(`PORT must be an integer from 0 to 65535, got "${value}"`);
  }
  return port;
}

async function main(): Promise<void> {
  const secret = process.env.WEBHOOK_SECRET || DEMO_SECRET;
  const receiver = await createReceiver({
    secret,
    port: portFromEnv(process.env.PORT),
    host: process.env.HOST || DEFAULT_HOST,
  });
  // Tests with PORT=0 read the URL from this line.
  console.log(`Webhook receiver listening on ${receiver.url}`);
  if (secret === DEMO_SECRET)
    console.log('Using the demo secret of demo-bistro (set WEBHOOK_SECRET to change)');

  let stopping = false;
  const stop = (signal: NodeJS.Signals): void => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: shutting down`);
    receiver.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

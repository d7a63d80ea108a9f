// The short flow every generated client runs against the standalone mock (demo data): read the
// project, list reservations, find a free slot, create a reservation and read it back. Each step
// prints "ok - name" or "not ok - name" (the matrix's runtime-check format).
export const PROJECT = 'demo-bistro';
export const API_KEY = 'rk_demo_full';

export interface FlowClient {
  projectSlug(): Promise<string>;
  reservationTotal(): Promise<number>;
  freeSlots(date: string): Promise<{ from: string; to: string }[]>;
  create(body: {
    email: string;
    date: string;
    from: string;
    to: string;
  }): Promise<{ id: string; status: string }>;
  statusOf(id: string): Promise<string>;
}

export function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

/** The next days (UTC dates from tomorrow on), where the demo project has free slots on most. */
function nextDates(count: number): string[] {
  const day = 24 * 60 * 60 * 1000;
  return Array.from({ length: count }, (_, i) =>
    new Date(Date.now() + (i + 1) * day).toISOString().slice(0, 10),
  );
}

export async function runFlow(client: FlowClient): Promise<void> {
  let failed = false;
  const step = async (name: string, run: () => Promise<void>) => {
    try {
      await run();
      console.log(`ok - ${name}`);
    } catch (error) {
      failed = true;
      const text = error instanceof Error ? (error.stack ?? error.message) : JSON.stringify(error);
      console.log(`not ok - ${name}\n  ${text.replaceAll('\n', '\n  ')}`);
    }
  };
  let created: { id: string; status: string } | undefined;
  await step('GET /info', async () => {
    const slug = await client.projectSlug();
    assert(slug === PROJECT, `project.slug is ${slug}`);
  });
  await step('GET /reservations', async () => {
    const total = await client.reservationTotal();
    assert(total > 0, `the demo data has ${total} reservations`);
  });
  await step('POST /reservations in a free slot, then GET it', async () => {
    for (const date of nextDates(14)) {
      const [slot] = await client.freeSlots(date);
      if (!slot) continue;
      created = await client.create({ email: 'generated.client@example.com', date, ...slot });
      break;
    }
    assert(created, 'no free slot in the next 14 days');
    assert(created.status === 'PENDING', `created in status ${created.status}`);
    const status = await client.statusOf(created.id);
    assert(status === 'PENDING', `read back in status ${status}`);
  });
  process.exitCode = failed ? 1 : 0;
}

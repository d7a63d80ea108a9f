// A front end tested end-to-end against its own mock session: a pinned clock, injected faults (a 503
// and a dropped connection), and assertions on the request journal.
import { expect, NOW, test } from './fixtures';

const AVAILABILITY = '/api/v1/demo-bistro/availability';

test('shows the free slots of the pinned day, and the journal has the one request', async ({
  page,
  mock,
  openApp,
}) => {
  expect(await mock.control.clock.now()).toBe(NOW);
  await openApp();
  await page.getByRole('button', { name: 'Show free slots' }).click();
  await expect(page.getByRole('status')).toHaveText(/^\d+ free slots on 2030-06-17$/);
  await expect(page.getByRole('list', { name: 'Free slots' }).getByRole('listitem').first()).toHaveText(
    '11:00–11:30',
  );
  const requests = await mock.control.requests.list({ operationId: 'getAvailability' });
  expect(requests).toHaveLength(1);
  expect(requests[0]).toMatchObject({ status: 200, query: '?date=2030-06-17', key: { id: 'key_demo_read' } });
});

test('a slot booked in this session is no longer offered', async ({ page, mock, openApp }) => {
  // A slot is offered while any table is free: every table of the branch booked at 11:00 takes it.
  const answer = await fetch(`${mock.baseUrl}/api/v1/demo-bistro/tables`, {
    headers: { 'X-API-Key': 'rk_demo_read' },
  });
  const { tables } = (await answer.json()) as { tables: { id: string }[] };
  expect(tables.length).toBeGreaterThan(1);
  for (const table of tables)
    await mock.control.addReservation('demo-bistro', {
      date: '2030-06-17',
      from: '11:00',
      to: '11:30',
      tableId: table.id,
      customer: { email: 'e2e@example.com' },
    });
  await openApp();
  await page.getByRole('button', { name: 'Show free slots' }).click();
  await expect(page.getByRole('status')).toHaveText(/free slots on 2030-06-17/);
  const slots = page.getByRole('list', { name: 'Free slots' }).getByRole('listitem');
  await expect(slots.first()).toHaveText('11:30–12:00');
  await expect(slots.filter({ hasText: '11:00–11:30' })).toHaveCount(0);
});

test('a 503 from the API shows the outage message', async ({ page, mock, openApp }) => {
  await mock.control.faults.add({ path: AVAILABILITY, status: 503 });
  await openApp();
  await page.getByRole('button', { name: 'Show free slots' }).click();
  await expect(page.getByRole('status')).toHaveText('The booking service is down, try again later');
  const [entry] = await mock.control.requests.list({ path: AVAILABILITY });
  expect(entry).toMatchObject({ status: 503, rule: expect.stringMatching(/^fault flt_/) });
});

test('a dropped connection shows the offline message', async ({ page, mock, openApp }) => {
  // "always": a browser retries a request once when a reused keep-alive connection is reset.
  await mock.control.faults.add({ path: AVAILABILITY, connection: 'reset', times: 'always' });
  await openApp();
  await page.getByRole('button', { name: 'Show free slots' }).click();
  await expect(page.getByRole('status')).toHaveText('No connection to the booking service');
  const entries = await mock.control.requests.list({ path: AVAILABILITY });
  expect(entries.length).toBeGreaterThan(0);
  for (const entry of entries)
    expect(entry).toMatchObject({ status: 0, error: { message: 'connection reset by an injected fault' } });
});

// src/resources/schedule.ts: get, on a stub fetch whose replies are validated against openapi.yaml.
import { describe, expect, it } from 'vitest';
import { clientOn } from '../support/client';
import { API, SLUG, schedule } from '../support/fixtures';
import { reply, stubFetch } from '../support/stub-fetch';

const P = `/api/v1/${SLUG}`;

describe('schedule on a stub fetch', () => {
  it('schedule.get returns openingHours and holidays', async () => {
    const stub = stubFetch(reply('GET', `${P}/schedule`, 200, schedule));
    const { client } = clientOn(stub);
    await expect(client.schedule.get()).resolves.toEqual({
      openingHours: schedule.openingHours,
      holidays: schedule.holidays,
    });
    expect(stub.calls[0]?.url.href).toBe(`${API}/schedule`);
  });
});

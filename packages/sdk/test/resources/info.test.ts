// src/resources/info.ts: get, on a stub fetch whose replies are validated against openapi.yaml.
import { describe, expect, it } from 'vitest';
import { clientOn } from '../support/client';
import { API, projectInfo, SLUG } from '../support/fixtures';
import { reply, stubFetch } from '../support/stub-fetch';

const P = `/api/v1/${SLUG}`;

describe('info on a stub fetch', () => {
  it('info.get returns project, settings and branding', async () => {
    const stub = stubFetch(reply('GET', `${P}/info`, 200, projectInfo));
    const { client } = clientOn(stub);
    const { success: _, ...expected } = projectInfo;
    await expect(client.info.get()).resolves.toEqual(expected);
    expect(stub.calls[0]?.url.href).toBe(`${API}/info`);
  });
});

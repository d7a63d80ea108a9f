import { describe, expect, it } from 'vitest';
import { useMockApi } from '../support/api';

describe('a base URL with a path prefix', () => {
  const api = useMockApi({ baseUrl: 'https://api.example.test/booking/' });

  it('answers under {baseUrl}/api/v1 and nowhere else', async () => {
    expect(api.service.baseUrl).toBe('https://api.example.test/booking');
    expect((await api.get('/api/v1/demo-bistro/info')).status).toBe(200);
    const outside = new Request('https://api.example.test/api/v1/demo-bistro/info', {
      headers: { 'X-API-Key': 'rk_demo_full' },
    });
    expect(await api.service.fetch(outside)).toBeUndefined();
  });
});

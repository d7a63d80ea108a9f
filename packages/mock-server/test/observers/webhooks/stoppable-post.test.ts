// The post an attempt hands its transport: stopped by the attempt's deadline or its world's end, told
// to a transport through its signal (made only when read) or through whenStopped().
import { describe, expect, it } from 'vitest';
import { StoppableWebhookPost } from '../../../src/observers/webhooks';

const post = () => new StoppableWebhookPost('https://hooks.test/in', { 'X-Webhook-Delivery': 'whd_1' }, '{}');

describe('StoppableWebhookPost', () => {
  it('aborts a signal read before the stop, with the reason', () => {
    const stoppable = post();
    const { signal } = stoppable;
    expect(signal.aborted).toBe(false);
    const reason = new Error('deadline');
    stoppable.stop(reason);
    expect(signal.aborted).toBe(true);
    expect(signal.reason).toBe(reason);
  });

  it('gives a signal read after the stop already aborted, with the reason', () => {
    const stoppable = post();
    const reason = new Error('world ended');
    stoppable.stop(reason);
    expect(stoppable.signal.aborted).toBe(true);
    expect(stoppable.signal.reason).toBe(reason);
  });

  it('tells each listener once, at once when it listens after the stop; a second stop changes nothing', () => {
    const stoppable = post();
    const heard: unknown[] = [];
    stoppable.whenStopped((reason) => heard.push(['before', reason]));
    const first = new Error('first');
    stoppable.stop(first);
    stoppable.stop(new Error('second'));
    stoppable.whenStopped((reason) => heard.push(['after', reason]));
    expect(heard).toEqual([
      ['before', first],
      ['after', first],
    ]);
  });

  it('carries the url, headers and body as given, and has no accessor of its own', () => {
    const stoppable = post();
    expect(stoppable).toMatchObject({
      url: 'https://hooks.test/in',
      headers: { 'X-Webhook-Delivery': 'whd_1' },
      body: '{}',
    });
    const own = Object.values(Object.getOwnPropertyDescriptors(stoppable));
    expect(own.some((descriptor) => 'get' in descriptor)).toBe(false);
  });
});

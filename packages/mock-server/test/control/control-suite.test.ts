// The one control suite (control-suite.ts), run against the in-process control and the remote
// control, at a server's root and in a session.
import { connectMock } from '../../src/client';
import { createMockCore, silentLogger } from '../../src/index';
import { startMockServer } from '../../src/node';
import { controlSuite, SUITE_NOW } from './control-suite';

controlSuite('in-process (createMockCore().control)', async () => {
  const core = createMockCore({ now: SUITE_NOW, logger: silentLogger });
  return {
    control: core.control,
    api: async (path, init) => {
      const response = await core.fetch(new Request(`${core.baseUrl}${path}`, init));
      if (!response) throw new Error(`the mock does not answer ${path}`);
      return response;
    },
    close: async () => core.close(),
  };
});

controlSuite('remote, server root (connectMock(url).control)', async () => {
  const server = await startMockServer({ port: 0, now: SUITE_NOW, logger: silentLogger });
  const mock = await connectMock(server.url);
  return {
    control: mock.control,
    api: (path, init) => fetch(`${mock.baseUrl}${path}`, init),
    close: async () => {
      await mock.close();
      await server.close();
    },
  };
});

controlSuite('remote, a session (connectMock(url, { session }).control)', async () => {
  const server = await startMockServer({ port: 0, logger: silentLogger });
  const mock = await connectMock(server.url, { session: 'suite', now: SUITE_NOW });
  return {
    control: mock.control,
    api: (path, init) => fetch(`${mock.baseUrl}${path}`, init),
    close: async () => {
      await mock.close();
      await server.close();
    },
  };
});

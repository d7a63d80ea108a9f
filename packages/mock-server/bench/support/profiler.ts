// The CPU profiler inside a server child, driven over IPC: only the window the parent asks for is
// profiled, so start-up, module loading and seeding do not blur the picture of serving requests.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import type { ChildMessage, ParentMessage } from './protocol';

export function createProfiler(send: (message: ChildMessage) => void) {
  let session: Session | undefined;
  return async (message: ParentMessage): Promise<void> => {
    if (message.type === 'profile-start') {
      session = new Session();
      session.connect();
      await session.post('Profiler.enable');
      // 100 µs sampling: requests take tens of µs, the default 1 ms would see few of them.
      await session.post('Profiler.setSamplingInterval', { interval: 100 });
      await session.post('Profiler.start');
    }
    if (message.type === 'profile-stop' && session) {
      const { profile } = await session.post('Profiler.stop');
      session.disconnect();
      session = undefined;
      writeFileSync(message.file, JSON.stringify(profile));
      send({ type: 'profiled', file: message.file });
    }
  };
}

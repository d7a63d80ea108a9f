// Persistence for a mock in the browser: the data in localStorage under one key per base URL, and
// the `storage` event (fired in the other tabs of the origin on every save) to keep tabs in sync.
import type { MockPersistence, MockSnapshot } from './snapshot';

export function browserStorage(key: string, storage: Storage = globalThis.localStorage): MockPersistence {
  return {
    async load() {
      const text = storage.getItem(key);
      if (text === null) return null;
      // A value that is not a snapshot (not JSON, `null`) is thrown: persistence refuses it with one
      // console warning and starts from the seed, as it does any snapshot that does not fit.
      const parsed: unknown = JSON.parse(text);
      if (parsed === null) throw new TypeError(`localStorage["${key}"] holds null, not a snapshot`);
      return parsed as MockSnapshot;
    },
    async save(snapshot) {
      storage.setItem(key, JSON.stringify(snapshot));
    },
    watch(onChange) {
      const listener = (event: StorageEvent) => {
        if (event.key === key) onChange();
      };
      globalThis.addEventListener('storage', listener);
      return () => globalThis.removeEventListener('storage', listener);
    },
  };
}

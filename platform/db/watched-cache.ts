// A small in-process cache of rows that change rarely and are read on hot paths (a product's kind and slug on
// the payment status poll). Any committed write in this process that names one of `tables` empties it at once
// (./write-watch.ts), and a load that overlapped such a write is not kept (it may have read the old row).
// Writes by other processes (WEB_CONCURRENCY, the CLI) are not seen: entries live at most `maxAgeMs`.
// A database that cannot be watched (a transaction, another Kysely) is never cached: every get loads.
import type { Db } from "./connection.ts";
import { writeWatcherOf } from "./connection.ts";

export type WatchedCache<K, V> = { get(db: Db, key: K): Promise<V> };

type Entry<V> = { value: V; storedAt: number };
type State<K, V> = {
  entries: Map<K, Entry<V>>;
  generation: () => number;
  settledSince: (generation: number) => boolean;
};

export function watchedCache<K, V>(options: {
  tables: string[];
  maxAgeMs: number;
  maxEntries: number;
  load: (db: Db, key: K) => Promise<V>;
  /** Whether a loaded value may be kept (default: all are), e.g. not "none yet", which another process may end. */
  keep?: (value: V) => boolean;
}): WatchedCache<K, V> {
  const states = new WeakMap<Db, State<K, V> | null>();

  function stateOf(db: Db): State<K, V> | null {
    let state = states.get(db);
    if (state !== undefined) return state;
    const watcher = writeWatcherOf(db);
    if (watcher) {
      const entries = new Map<K, Entry<V>>();
      for (const table of options.tables) watcher.watch(table, () => entries.clear());
      state = { entries, generation: watcher.generation, settledSince: watcher.settledSince };
    } else {
      state = null;
    }
    states.set(db, state);
    return state;
  }

  return {
    async get(db, key) {
      const state = stateOf(db);
      if (!state) return options.load(db, key);
      const now = Date.now();
      const entry = state.entries.get(key);
      if (entry && now - entry.storedAt < options.maxAgeMs) return entry.value;
      const started = state.generation();
      const value = await options.load(db, key);
      if (state.settledSince(started) && (!options.keep || options.keep(value))) {
        if (state.entries.size >= options.maxEntries) state.entries.clear();
        state.entries.set(key, { value, storedAt: now });
      }
      return value;
    },
  };
}

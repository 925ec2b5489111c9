// The one in-process cache of the server: copies of rows (or of what is computed from them) that are read on hot
// paths and change rarely. Each cache is declared once, at module level, with
// - `name`: how the admin page (/home/caches) lists it;
// - `tables`: what it copies from. Any committed write in this process that names one of them (or deletes a row
//   whose foreign keys cascade to them) empties the cache at once (platform/db/write-watch.ts), and a load that
//   overlapped such a write is not kept (it may have read the old row);
// - `maxAgeMs`: the bound on staleness across processes. Writes by other processes (WEB_CONCURRENCY, other
//   machines, the CLI) are not seen here, so an entry is used for at most this long;
// - `maxEntries`: the size bound (the oldest entry goes first).
// A database that cannot be watched (a transaction, another Kysely) is never cached: every get loads.
// The declarations form a registry (listCaches) with each cache's entries, hits and misses per database.
import type { Db } from "../db/connection.ts";
import { writeWatcherOf } from "../db/connection.ts";

export type CacheOptions<K, V> = {
  name: string;
  tables: readonly string[];
  maxAgeMs: number;
  maxEntries: number;
  /** How get() loads a missing key (callers that always load themselves use refresh()). */
  load?: (db: Db, key: K) => Promise<V>;
  /** Whether a loaded value may be kept (default: all are), e.g. not "none yet", which another process may end. */
  keep?: (value: V) => boolean;
  /** A time (ms) after which this value must not be used, when it is sooner than maxAgeMs (a session's expiry). */
  validUntil?: (value: V) => number;
  /** The clock (ms), for tests. */
  now?: () => number;
};

export type Cache<K, V> = {
  readonly name: string;
  /** The kept value, or a fresh load (kept unless a watched write overlapped it). */
  get(db: Db, key: K): Promise<V>;
  /** The kept value when there is a fresh one, without waiting; counts a hit or a miss. */
  peek(db: Db, key: K): V | undefined;
  /** Loads with `load` whatever is kept, and keeps the value as get() would. */
  refresh(db: Db, key: K, load: () => Promise<V>): Promise<V>;
};

export type CacheReport = {
  name: string;
  tables: readonly string[];
  maxAgeMs: number;
  maxEntries: number;
  entries: number;
  hits: number;
  misses: number;
};

type Entry<V> = { value: V; expiresAt: number };
type State<K, V> = {
  entries: Map<K, Entry<V>>;
  hits: number;
  misses: number;
  generation: () => number;
  settledSince: (generation: number) => boolean;
};

type Declared = { options: CacheOptions<unknown, unknown>; states: WeakMap<Db, State<unknown, unknown> | null> };
const registry = new Map<string, Declared>();

export function defineCache<K, V>(options: CacheOptions<K, V>): Cache<K, V> {
  if (registry.has(options.name)) throw new Error(`a cache named ${options.name} is already declared`);
  const states = new WeakMap<Db, State<K, V> | null>();
  registry.set(options.name, { options, states } as unknown as Declared);
  const now = options.now ?? (() => Date.now());

  function stateOf(db: Db): State<K, V> | null {
    let state = states.get(db);
    if (state !== undefined) return state;
    const watcher = writeWatcherOf(db);
    if (watcher) {
      const entries = new Map<K, Entry<V>>();
      for (const table of options.tables) watcher.watch(table, () => entries.clear());
      state = { entries, hits: 0, misses: 0, generation: watcher.generation, settledSince: watcher.settledSince };
    } else {
      state = null;
    }
    states.set(db, state);
    return state;
  }

  function fresh(state: State<K, V>, key: K, at: number): Entry<V> | undefined {
    const entry = state.entries.get(key);
    if (!entry) return undefined;
    if (at < entry.expiresAt) return entry;
    state.entries.delete(key);
    return undefined;
  }

  async function refresh(db: Db, key: K, load: () => Promise<V>): Promise<V> {
    const state = stateOf(db);
    if (!state) return load();
    const started = state.generation();
    const storedAt = now();
    const value = await load();
    if (state.settledSince(started) && (!options.keep || options.keep(value))) {
      const expiresAt = Math.min(storedAt + options.maxAgeMs, options.validUntil?.(value) ?? Infinity);
      state.entries.delete(key);
      if (state.entries.size >= options.maxEntries) state.entries.delete(state.entries.keys().next().value!);
      state.entries.set(key, { value, expiresAt });
    }
    return value;
  }

  return {
    name: options.name,
    async get(db, key) {
      const state = stateOf(db);
      const entry = state && fresh(state, key, now());
      if (entry) {
        state.hits++;
        return entry.value;
      }
      if (state) state.misses++;
      if (!options.load) throw new Error(`the cache ${options.name} has no load function`);
      return refresh(db, key, () => options.load!(db, key));
    },
    peek(db, key) {
      const state = stateOf(db);
      if (!state) return undefined;
      const entry = fresh(state, key, now());
      if (entry) state.hits++;
      else state.misses++;
      return entry?.value;
    },
    refresh,
  };
}

/** Every declared cache, with what it holds for `db` (nothing yet when it was never used there). */
export function listCaches(db: Db): CacheReport[] {
  return [...registry.values()]
    .map(({ options, states }) => {
      const state = states.get(db);
      return {
        name: options.name,
        tables: options.tables,
        maxAgeMs: options.maxAgeMs,
        maxEntries: options.maxEntries,
        entries: state?.entries.size ?? 0,
        hits: state?.hits ?? 0,
        misses: state?.misses ?? 0,
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * The response cache's disk: IndexedDB, so repeated searches and pages cost zero calls after a
 * reload too. Why IndexedDB and not localStorage: a page of 100 records with boundaries is a few
 * hundred KB and localStorage holds ~5 MB in all, synchronously on the main thread; IndexedDB is
 * asynchronous and is allowed hundreds of MB. Capped by total size (oldest written go first) and by
 * age. Best effort: any failure (private mode, quota, blocked upgrade) just means a cache miss.
 *
 * Kept off a search's path: what is on disk is indexed in memory (key → size, time), so the
 * planner's peeks (one per page, and one per chunk for the estimate: ~200 in a 10,000-parcel
 * search) cost no IndexedDB round trip when the answer is "not there"; and a burst of responses is
 * written once, after the burst, in one transaction.
 */
import { responseText } from '../api/response-text'
import { transactionDone as committed, requestDone as done } from './idb-promises'

export interface PersistedStore {
  get(key: string): Promise<unknown | undefined>
  set(key: string, value: unknown): void
  clear(): Promise<void>
}

export interface StoreLimits {
  maxBytes: number
  maxAgeMs: number
}

export interface StoreOptions {
  now?: () => number
  /** Quiet time after the last response before a burst is written (ms). */
  quietMs?: number
  /** The IndexedDB to use (tests pass an in-memory one) and the database's name. */
  idb?: IDBFactory
  name?: string
}

interface Meta {
  bytes: number
  at: number
}

/** What one tab tells the others (they share the disk, each keeps its own index). */
type Notice = { written: [string, Meta][] } | { deleted: string[] } | { cleared: true }

const VALUES = 'values'
const META = 'meta'
/** Text held for one write at most: past it a burst is written as it goes. */
const BATCH_BYTES = 32 * 1024 * 1024

function whenIdle(task: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => task(), { timeout: 2000 })
  else setTimeout(task, 0)
}

/** null where IndexedDB does not exist (Node tests, some embedded browsers): memory cache only. */
export function openIdbStore(limits: StoreLimits, options: StoreOptions = {}): PersistedStore | null {
  const idb = options.idb ?? (typeof indexedDB === 'undefined' ? undefined : indexedDB)
  if (!idb || limits.maxBytes <= 0) return null
  const { now = Date.now, quietMs = 1500, name = 'plat-cache' } = options
  let dbp: Promise<IDBDatabase> | null = null
  const db = () => {
    dbp ??= new Promise<IDBDatabase>((resolve, reject) => {
      const open = idb.open(name, 1)
      open.onupgradeneeded = () => {
        open.result.createObjectStore(VALUES)
        open.result.createObjectStore(META).createIndex('at', 'at')
      }
      open.onsuccess = () => resolve(open.result)
      open.onerror = () => reject(open.error)
    })
    return dbp
  }

  const index = new Map<string, Meta>()
  let total = 0
  const remember = (key: string, meta: Meta) => {
    total += meta.bytes - (index.get(key)?.bytes ?? 0)
    index.set(key, meta)
  }
  const forget = (key: string) => {
    total -= index.get(key)?.bytes ?? 0
    index.delete(key)
  }
  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(name) : null
  // Node (tests): a channel would keep the process alive.
  ;(channel as { unref?: () => void } | null)?.unref?.()
  const tell = (notice: Notice) => channel?.postMessage(notice)
  if (channel) {
    channel.onmessage = (e: MessageEvent<Notice>) => {
      const n = e.data
      if ('written' in n) for (const [key, meta] of n.written) remember(key, meta)
      else if ('deleted' in n) for (const key of n.deleted) forget(key)
      else {
        index.clear()
        total = 0
      }
    }
  }

  let loaded: Promise<void> | null = null
  /** Reads every entry's size and time once; until then (and if that fails) nothing is on disk. */
  const load = () => {
    loaded ??= (async () => {
      try {
        const store = (await db()).transaction(META).objectStore(META)
        const [keys, metas] = await Promise.all([
          done(store.getAllKeys() as IDBRequest<string[]>),
          done(store.getAll() as IDBRequest<Meta[]>),
        ])
        keys.forEach((key, i) => {
          const meta = metas[i]
          if (meta) remember(key, meta)
        })
        whenIdle(() => void evict())
      } catch {
        // Storage blocked: every peek is a miss, the memory cache still works.
      }
    })()
    return loaded
  }
  // Ready before the first search needs it.
  whenIdle(() => void load())

  const fresh = (meta: Meta | undefined) => meta !== undefined && now() - meta.at <= limits.maxAgeMs

  /** Drops what is too old, then the oldest until the total is under 80% of the cap. */
  async function evict(): Promise<void> {
    const entries = [...index].sort((a, b) => a[1].at - b[1].at)
    const target = total > limits.maxBytes ? limits.maxBytes * 0.8 : Number.POSITIVE_INFINITY
    const gone: string[] = []
    let left = total
    for (const [key, meta] of entries) {
      if (fresh(meta) && left <= target) break
      gone.push(key)
      left -= meta.bytes
    }
    if (gone.length === 0) return
    for (const key of gone) forget(key)
    tell({ deleted: gone })
    try {
      const tx = (await db()).transaction([VALUES, META], 'readwrite')
      for (const key of gone) {
        tx.objectStore(VALUES).delete(key)
        tx.objectStore(META).delete(key)
      }
      await committed(tx)
    } catch {
      // Left on disk but out of the index: not read again, overwritten when written again.
    }
  }

  const pending = new Map<string, unknown>()
  let pendingBytes = 0
  let timer: ReturnType<typeof setTimeout> | null = null

  function flushAfter(delay: number): void {
    if (timer) clearTimeout(timer)
    timer = setTimeout(() => {
      timer = null
      whenIdle(() => void flush())
    }, delay)
  }

  /** Writes what is pending in one transaction, as JSON text (cloning each page's objects was slower). */
  async function flush(): Promise<void> {
    if (pending.size === 0) return
    const batch = [...pending]
    pending.clear()
    pendingBytes = 0
    try {
      await load()
      const tx = (await db()).transaction([VALUES, META], 'readwrite')
      const written: [string, Meta][] = []
      for (const [key, value] of batch) {
        // The response's own text when the API client kept it: no second serialisation.
        const text = responseText(value) ?? JSON.stringify(value)
        const meta: Meta = { bytes: text.length, at: now() } // UTF-16 length: rough, all the cap needs
        if (meta.bytes > limits.maxBytes / 4) continue // not worth a quarter of the cache
        tx.objectStore(VALUES).put(text, key)
        tx.objectStore(META).put(meta, key)
        written.push([key, meta])
      }
      await committed(tx)
      for (const [key, meta] of written) remember(key, meta)
      tell({ written })
      await evict()
    } catch {
      // Quota exceeded or storage blocked: the memory cache still works.
    }
  }

  // Leaving the page: write what is pending now (a transaction begun here usually completes).
  if (typeof addEventListener === 'function' && typeof document !== 'undefined') {
    addEventListener('pagehide', () => void flush())
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') void flush()
    })
  }

  return {
    async get(key) {
      if (pending.has(key)) return pending.get(key)
      await load()
      if (!fresh(index.get(key))) return undefined
      try {
        const value = await done((await db()).transaction(VALUES).objectStore(VALUES).get(key))
        if (value === undefined) {
          forget(key) // another tab evicted it
          return undefined
        }
        return typeof value === 'string' ? JSON.parse(value) : value
      } catch {
        return undefined
      }
    },
    set(key, value) {
      pending.set(key, value)
      pendingBytes += responseText(value)?.length ?? 0
      // A burst of pages (a search streaming in) is written once, after it: writes during the
      // burst took CPU from the search itself. A very large burst is written as it goes.
      flushAfter(pendingBytes >= BATCH_BYTES ? 0 : quietMs)
    },
    async clear() {
      pending.clear()
      pendingBytes = 0
      index.clear()
      total = 0
      tell({ cleared: true })
      try {
        const tx = (await db()).transaction([VALUES, META], 'readwrite')
        tx.objectStore(VALUES).clear()
        tx.objectStore(META).clear()
        await committed(tx)
      } catch {
        // nothing to clear
      }
    },
  }
}

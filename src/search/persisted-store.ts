/**
 * The response cache's disk: IndexedDB, so repeated searches and pages cost zero calls after a
 * reload too. Why IndexedDB and not localStorage: a page of 100 records with boundaries is a few
 * hundred KB and localStorage holds ~5 MB in all, synchronously on the main thread; IndexedDB is
 * asynchronous, stores structured clones (no JSON round trip on read) and is allowed hundreds of MB.
 * Capped by total size (oldest written go first) and by age. Best effort: any failure (private
 * mode, quota, blocked upgrade) just means a cache miss.
 */
import { responseText } from '../api/http'

export interface PersistedStore {
  get(key: string): Promise<unknown | undefined>
  set(key: string, value: unknown): void
  clear(): Promise<void>
}

export interface StoreLimits {
  maxBytes: number
  maxAgeMs: number
}

interface Meta {
  bytes: number
  at: number
}

const DB = 'plat-cache'
const VALUES = 'values'
const META = 'meta'

const done = <T>(r: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    r.onsuccess = () => resolve(r.result)
    r.onerror = () => reject(r.error)
  })

const committed = (tx: IDBTransaction) =>
  new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve()
    tx.onerror = tx.onabort = () => reject(tx.error)
  })

function whenIdle(task: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => task(), { timeout: 2000 })
  else setTimeout(task, 0)
}

/** null where IndexedDB does not exist (Node tests, some embedded browsers): memory cache only. */
export function openIdbStore(limits: StoreLimits, now: () => number = Date.now): PersistedStore | null {
  if (typeof indexedDB === 'undefined' || limits.maxBytes <= 0) return null
  let dbp: Promise<IDBDatabase> | null = null
  const db = () => {
    dbp ??= new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open(DB, 1)
      open.onupgradeneeded = () => {
        open.result.createObjectStore(VALUES)
        open.result.createObjectStore(META).createIndex('at', 'at')
      }
      open.onsuccess = () => resolve(open.result)
      open.onerror = () => reject(open.error)
    })
    return dbp
  }
  let total: number | null = null
  let evicting = false

  async function evict(): Promise<void> {
    if (evicting) return
    evicting = true
    try {
      const d = await db()
      if (total === null) {
        const metas = await done(d.transaction(META).objectStore(META).getAll() as IDBRequest<Meta[]>)
        total = metas.reduce((a, m) => a + m.bytes, 0)
      }
      if (total <= limits.maxBytes) return
      const tx = d.transaction([VALUES, META], 'readwrite')
      const cursor = tx.objectStore(META).index('at').openCursor()
      const target = limits.maxBytes * 0.8
      cursor.onsuccess = () => {
        const c = cursor.result
        if (!c || (total as number) <= target) return
        total = (total as number) - (c.value as Meta).bytes
        tx.objectStore(VALUES).delete(c.primaryKey)
        c.delete()
        c.continue()
      }
      await committed(tx)
    } catch {
      total = null
    } finally {
      evicting = false
    }
  }

  return {
    async get(key) {
      try {
        const tx = (await db()).transaction([VALUES, META])
        const [meta, value] = await Promise.all([
          done(tx.objectStore(META).get(key) as IDBRequest<Meta | undefined>),
          done(tx.objectStore(VALUES).get(key)),
        ])
        if (!meta || now() - meta.at > limits.maxAgeMs) return undefined
        return typeof value === 'string' ? JSON.parse(value) : value
      } catch {
        return undefined
      }
    },
    set(key, value) {
      // Written when the browser is idle, as JSON text: while a large search streams in, cloning
      // each page's objects into IndexedDB competed with rendering (about a tenth of the run).
      whenIdle(async () => {
        try {
          // The response's own text when the API client kept it: no second serialisation.
          const text = responseText(value) ?? JSON.stringify(value)
          const bytes = text.length // UTF-16 length: a rough size, which is all the cap needs
          if (bytes > limits.maxBytes / 4) return // not worth a quarter of the cache
          const tx = (await db()).transaction([VALUES, META], 'readwrite')
          tx.objectStore(VALUES).put(text, key)
          tx.objectStore(META).put({ bytes, at: now() } satisfies Meta, key)
          await committed(tx)
          if (total !== null) total += bytes
          await evict()
        } catch {
          // Quota exceeded or storage blocked: the memory cache still works.
        }
      })
    },
    async clear() {
      try {
        const tx = (await db()).transaction([VALUES, META], 'readwrite')
        tx.objectStore(VALUES).clear()
        tx.objectStore(META).clear()
        await committed(tx)
        total = 0
      } catch {
        // nothing to clear
      }
    },
  }
}

/** A Map with the same interface: tests, and a stand-in for "the disk" across simulated reloads. */
export function memoryStore(): PersistedStore & { size(): number } {
  const map = new Map<string, unknown>()
  return {
    get: async (key) => map.get(key),
    set: (key, value) => void map.set(key, structuredClone(value)),
    clear: async () => map.clear(),
    size: () => map.size,
  }
}

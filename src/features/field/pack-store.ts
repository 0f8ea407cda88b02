/**
 * Field packs in IndexedDB (database `plat-field`, apart from the response cache's own database,
 * src/cache/persisted-store.ts): pack descriptions, their parcel tiles (one row per pack and z/x/y,
 * found offline by z/x/y) and their records. Records go in deliberately, once, when a person takes
 * a search offline; nothing here is filled by blanket caching of API answers. The factory is
 * injectable, so the tests run on fake-indexeddb in Node without touching globals.
 */
import type { ParcelRecord } from '../../../contract/schemas'
import type { TileXYZ } from '../../../contract/tile-math'
import { transactionDone as committed, requestDone as done } from '../../cache/idb-promises'
import type { PackMeta } from './pack-types'

const FIELD_DB = 'plat-field'

interface TileRow {
  pack: string
  zxy: string
  data: ArrayBuffer
}
interface RecordRow {
  pack: string
  id: string
  record: ParcelRecord
}

const zxyKey = (t: TileXYZ) => `${t.z}/${t.x}/${t.y}`

export interface PackStore {
  list(): Promise<PackMeta[]>
  putMeta(meta: PackMeta): Promise<void>
  putTiles(pack: string, tiles: readonly { tile: TileXYZ; data: ArrayBuffer }[]): Promise<void>
  putRecords(pack: string, records: readonly ParcelRecord[]): Promise<void>
  /** A stored tile and the pack that holds it (null: no pack holds it). */
  tile(t: TileXYZ): Promise<{ data: ArrayBuffer; pack: string } | null>
  /** The z/x/y of every tile a pack holds. */
  tileKeys(pack: string): Promise<string[]>
  records(pack: string): Promise<ParcelRecord[]>
  /** Removes a pack with its tiles and records. */
  remove(pack: string): Promise<void>
  /** Removes a pack's records (before they are written again). */
  clearRecords(pack: string): Promise<void>
}

export function openPackStore(factory: IDBFactory | undefined = globalThis.indexedDB): PackStore | null {
  if (!factory) return null
  let db: Promise<IDBDatabase> | null = null
  const open = () => {
    db ??= (() => {
      const request = factory.open(FIELD_DB, 1)
      request.onupgradeneeded = () => {
        const d = request.result
        d.createObjectStore('packs', { keyPath: 'id' })
        const tiles = d.createObjectStore('tiles', { keyPath: ['pack', 'zxy'] })
        tiles.createIndex('zxy', 'zxy')
        tiles.createIndex('pack', 'pack')
        const records = d.createObjectStore('records', { keyPath: ['pack', 'id'] })
        records.createIndex('pack', 'pack')
      }
      return done(request)
    })()
    return db
  }
  const write = async (store: 'packs' | 'tiles' | 'records', fill: (s: IDBObjectStore) => void) => {
    const tx = (await open()).transaction(store, 'readwrite')
    fill(tx.objectStore(store))
    await committed(tx)
  }
  const read = async <T>(store: 'packs' | 'tiles' | 'records', ask: (s: IDBObjectStore) => IDBRequest<T>) =>
    done(ask((await open()).transaction(store, 'readonly').objectStore(store)))
  const deleteByPack = async (store: 'tiles' | 'records', pack: string) => {
    const keys = await read(store, (s) => s.index('pack').getAllKeys(pack))
    await write(store, (s) => {
      for (const k of keys) s.delete(k)
    })
  }
  return {
    async list() {
      const all = (await read('packs', (s) => s.getAll())) as PackMeta[]
      return all.sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    },
    putMeta: (meta) => write('packs', (s) => s.put(meta)),
    putTiles: (pack, tiles) =>
      write('tiles', (s) => {
        for (const { tile, data } of tiles) s.put({ pack, zxy: zxyKey(tile), data } satisfies TileRow)
      }),
    putRecords: (pack, records) =>
      write('records', (s) => {
        for (const record of records) s.put({ pack, id: record.svc_uuid, record } satisfies RecordRow)
      }),
    async tile(t) {
      const row = (await read('tiles', (s) => s.index('zxy').get(zxyKey(t)))) as TileRow | undefined
      return row ? { data: row.data, pack: row.pack } : null
    },
    async tileKeys(pack) {
      const keys = await read('tiles', (s) => s.index('pack').getAllKeys(pack))
      return keys.map((k) => String((k as [string, string])[1]))
    },
    async records(pack) {
      const rows = (await read('records', (s) => s.index('pack').getAll(pack))) as RecordRow[]
      return rows.map((r) => r.record)
    },
    async remove(pack) {
      await deleteByPack('tiles', pack)
      await deleteByPack('records', pack)
      await write('packs', (s) => s.delete(pack))
    },
    clearRecords: (pack) => deleteByPack('records', pack),
  }
}

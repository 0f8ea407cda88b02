/**
 * The results the map shows, as a set: each new snapshot of a search's rows (a new array every few
 * hundred milliseconds, the pages in chunk order, gaps where page-as-you-scroll has not loaded) is
 * turned into what changed since the last one, so the map marks only the new results as their pages
 * arrive instead of re-sending every result each time (issue 18, problem 4).
 */
import type { ParcelRecord } from '../../../../contract/schemas'
import { tileFeatureId } from '../../../../contract/tiles'

type Rows = readonly (ParcelRecord | undefined)[]

export interface ResultChange {
  added: ParcelRecord[]
  /** The uuids no longer among the results. */
  removed: string[]
  /** Nothing of the previous set is left (a new search): clear everything at once. */
  replaced: boolean
}

export class ResultSet {
  private byUuid = new Map<string, ParcelRecord>()
  /** Map feature id (tileFeatureId, the same on tiles and GeoJSON) → uuid. */
  private uuidById = new Map<number, string>()

  get size(): number {
    return this.byUuid.size
  }

  update(rows: Rows): ResultChange {
    const added: ParcelRecord[] = []
    const present = new Set<string>()
    for (const r of rows) {
      if (!r || present.has(r.svc_uuid)) continue
      present.add(r.svc_uuid)
      if (!this.byUuid.has(r.svc_uuid)) added.push(r)
    }
    const removed: string[] = []
    if (present.size < this.byUuid.size + added.length)
      for (const uuid of this.byUuid.keys()) if (!present.has(uuid)) removed.push(uuid)
    const replaced = removed.length > 0 && removed.length === this.byUuid.size
    for (const uuid of removed) {
      this.byUuid.delete(uuid)
      this.uuidById.delete(tileFeatureId(uuid))
    }
    for (const r of added) {
      this.byUuid.set(r.svc_uuid, r)
      this.uuidById.set(tileFeatureId(r.svc_uuid), r.svc_uuid)
    }
    return { added, removed, replaced }
  }

  has(uuid: string): boolean {
    return this.byUuid.has(uuid)
  }

  uuidOf(featureId: number): string | null {
    return this.uuidById.get(featureId) ?? null
  }

  records(): IterableIterator<ParcelRecord> {
    return this.byUuid.values()
  }

  clear(): void {
    this.byUuid.clear()
    this.uuidById.clear()
  }
}

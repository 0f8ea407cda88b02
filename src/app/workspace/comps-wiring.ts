/**
 * What the comps panel (src/features/value) needs from other rooms, composed here since features do not
 * import each other: the search's cache-then-network sources (the same TanStack Query cache and keys,
 * so a repeated comps search costs no call), the Buffer tool's circle, and the export's CSV writer.
 */
import type { QueryClient } from '@tanstack/react-query'
import type { Geometry } from 'geojson'
import type { ParcelRecord } from '../../../contract/schemas'
import { connectionStore, currentConnection } from '../../api/connection'
import { createCachedSources } from '../../cache/cached-sources'
import { csvDocument } from '../../features/export/csv'
import { bufferGeometry } from '../../features/import/buffer-area'
import type { CompsResult } from '../../features/value/comps-analysis'
import { type LonLat, parcelPoint } from '../../features/value/comps-geo'
import type { CompsSources } from '../../features/value/comps-search'
import type { CompsOverlay } from '../../ports/workspace-ports'
import { downloadBlob } from '../../ui/download'

const byClient = new WeakMap<QueryClient, CompsSources>()

/**
 * Memory cache only (the QueryClient the search uses): the IndexedDB store keeps its own size
 * accounting per instance, so a second instance over the same database would evict wrongly.
 */
export function compsSources(client: QueryClient): CompsSources {
  let s = byClient.get(client)
  if (!s) {
    s = createCachedSources({
      client,
      store: null,
      connection: () => currentConnection(),
      baseUrl: () => connectionStore.getState().baseUrl,
    })
    byClient.set(client, s)
  }
  return s
}

export const compsCircle = (center: LonLat, meters: number) =>
  bufferGeometry({ type: 'Point', coordinates: [center[0], center[1]] }, meters).polygons

export function downloadCompsCsv(csv: { header: readonly string[]; rows: unknown[][] }, fileName: string): void {
  downloadBlob(new Blob([csvDocument(csv.header, csv.rows)], { type: 'text/csv;charset=utf-8' }), fileName)
}

/** Today as YYYY-MM-DD (local date): the valuation date. */
export function todayIso(now = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0')
  return `${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())}`
}

/** The comps panel's result as the map's overlay: each comp's outline, rank and $/acre; the subject. */
export function compsOverlay(result: CompsResult | null, subject: ParcelRecord): CompsOverlay | null {
  if (!result) return null
  const geometry = (r: ParcelRecord) => (r.geom && typeof r.geom === 'object' ? (r.geom as Geometry) : null)
  return {
    subject: geometry(subject),
    comps: result.comps.flatMap((c) => {
      const point = parcelPoint(c.record)
      return point
        ? [{ rank: c.rank, perAcre: c.perAcre, included: c.included, geometry: geometry(c.record), point }]
        : []
    }),
  }
}

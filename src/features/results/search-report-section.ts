/**
 * The search's report section: the set-up in words, the totals, the loaded records in the table's
 * columns and order, and a map of the areas (or of the records, for a filters-only search).
 */
import type { Geometry } from 'geojson'
import type { ParcelRecord } from '../../../contract/schemas'
import { columnLabel, loadedRecords } from '../../format/record-columns'
import { describeSearch } from '../../format/search-summary'
import { boundsOf, dataSource, geometryOf, printed, type ReportKit } from '../reports/report-kit'
import { SEARCH_MAP_ID, searchReport } from '../reports/search-report'
import { summarize } from './summarize'

/** What the section reads of the search's snapshot (features/search's SearchResult is one). */
export interface ReportedSearch {
  rows: readonly (ParcelRecord | undefined)[]
  rowCount: number
  progress: { recordsExpected?: number }
}

/** `link`: the link that reruns the search (as Copy link's "results" link). */
export function reportSearch(kit: ReportKit, result: ReportedSearch, link: string): void {
  const s = kit.state()
  const run = s.submitted
  const records = loadedRecords(result.rows)
  const setup = run ?? { mode: s.mode, areas: s.areas, filters: s.filters }
  const totals = summarize(result.rows, {
    rowCount: result.rowCount,
    recordsExpected: result.progress.recordsExpected,
  })
  const order = s.order
    ? `${columnLabel(s.order.field)}, ${s.order.direction === 'asc' ? 'ascending' : 'descending'}`
    : null
  const doc = searchReport({
    setup,
    summary: describeSearch(setup),
    records,
    expected: totals.expected,
    columns: s.visibleColumns,
    theme: s.theme,
    totals,
    order,
    link,
    printed: printed(kit.now()),
    server: kit.server(),
    county: dataSource(records, kit.counties()),
  })
  const areas = setup.mode === 'area' ? setup.areas.map((a) => a.geometry as Geometry) : []
  const framed: Geometry | null = areas.length
    ? { type: 'GeometryCollection', geometries: areas }
    : records.length
      ? { type: 'GeometryCollection', geometries: records.flatMap((r) => geometryOf(r) ?? []) }
      : null
  const frame = boundsOf(framed)
  kit.desk.open(
    doc,
    frame
      ? [
          {
            id: SEARCH_MAP_ID,
            content: { areas, results: records },
            frame,
            padding: 0.04,
            maxZoom: 17,
            theme: s.theme,
            basemap: kit.basemap(),
          },
        ]
      : [],
  )
}

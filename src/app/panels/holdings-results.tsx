/**
 * The results pane while it shows a portfolio's, a list's or an assemblage's parcels instead of the
 * search's: a banner says whose parcels they are and leads back to the search results; the table is
 * the same results table (columns, sorting in the browser, a row opens the parcel's card).
 */
import './results-pane.css'
import { lazy, Suspense, useMemo, useState } from 'react'
import type { TableView } from '../../features/holdings/holdings-flows'
import { compareValues } from '../../features/results/compare-values'
import { SummaryBar } from '../../features/results/summary-bar'
import { columnValue } from '../../format/record-columns'
import type { SortOrder } from '../../state/search-slice'
import { useAppStore } from '../../state/store'
import { useWorkspace } from './workspace-context'

const ResultsTable = lazy(() =>
  import('../../features/results/results-table').then((m) => ({ default: m.ResultsTable })),
)

export function HoldingsResults({ view }: { view: TableView }) {
  const workspace = useWorkspace()
  const columns = useAppStore((s) => s.visibleColumns)
  const setColumns = useAppStore((s) => s.setVisibleColumns)
  const selectedId = useAppStore((s) => s.selectedId)
  const [sort, setSort] = useState<SortOrder>(null)
  const rows = useMemo(() => {
    if (!sort) return view.records
    return [...view.records].sort((a, b) =>
      compareValues(columnValue(a, sort.field), columnValue(b, sort.field), sort.direction),
    )
  }, [view.records, sort])
  return (
    <section className="results-pane" aria-label="Results" data-status="done" tabIndex={-1}>
      <div className="hold-table-banner" role="note">
        <strong>{view.title}</strong>
        <button type="button" className="link-button" onClick={() => workspace.holdings.show(null)}>
          Show search results
        </button>
      </div>
      <div className="results-head">
        <SummaryBar status="done" rows={rows} rowCount={rows.length} />
      </div>
      <Suspense fallback={<p className="muted">Loading table…</p>}>
        <ResultsTable
          rows={rows}
          rowCount={rows.length}
          status="done"
          requestRows={() => {}}
          columns={columns}
          onColumnsChange={setColumns}
          sort={sort}
          onSortChange={setSort}
          serverSort={false}
          selectedId={selectedId}
          onSelect={(id) => {
            if (!workspace.holdings.click(id)) workspace.parcels.openById(id)
          }}
        />
      </Suspense>
    </section>
  )
}

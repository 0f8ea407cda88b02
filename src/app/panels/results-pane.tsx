/** Results: summary, export and the table (a bottom sheet on phones). */
import './results-pane.css'
import { lazy, Suspense, useEffect, useRef } from 'react'
import { useShallow } from 'zustand/react/shallow'
import { ChangesNotice } from '../../features/changes/changes-notice'
import { ExportMenu } from '../../features/export/export-menu'
import { ResultsFieldMenu } from '../../features/field/field-panels'
import { SummaryBar } from '../../features/results/summary-bar'
import { useSummaryRows } from '../../features/results/summary-rows'
import { LocalFilterNote } from '../../features/search/local-filter-note'
import { SearchProgressView } from '../../features/search/search-progress'
import { serverSorted } from '../../features/search/spec-key'
import { StaleNotice, useStaleSearch } from '../../features/search/stale-notice'
import { compsAreaChoices } from '../../features/value/comps-wiring'
import { describeSearch } from '../../format/search-summary'
import { outsideCoverage } from '../../geo/coverage'
import { isBusy } from '../../state/search-status'
import { useAppStore } from '../../state/store'
import { useValueStore } from '../../state/use-value-store'
import { HoldingsResults } from './holdings-results'
import { OutsideCoverage } from './outside-coverage'
import { useChanges, useCoverage, useSearchResult, useWorkspace } from './workspace-context'

// TanStack Table + Virtual: only needed once the results pane renders, after the shell paints.
const ResultsTable = lazy(() =>
  import('../../features/results/results-table').then((m) => ({ default: m.ResultsTable })),
)
// Sales by year and land use, and comps for a drawn area (issue 20): once there are results.
const SalesSummary = lazy(() => import('../../features/value/sales-summary').then((m) => ({ default: m.SalesSummary })))

export function ResultsPane() {
  const holdingsView = useValueStore(useWorkspace().holdings.table)
  // A portfolio's, list's or assemblage's parcels take the table until "Show search results".
  return holdingsView ? <HoldingsResults view={holdingsView} /> : <SearchResults />
}

function SearchResults() {
  const workspace = useWorkspace()
  const result = useSearchResult()
  // The sales summary walks every row: while pages stream in, refreshed now and then (summary-rows.ts).
  const salesRows = useSummaryRows(result.rows, isBusy(result.status))
  const coverage = useCoverage()
  const staleness = useStaleSearch()
  const changes = useChanges()
  const s = useAppStore(
    useShallow((st) => ({
      submitted: st.submitted,
      mode: st.mode,
      areas: st.areas,
      filters: st.filters,
      loadPolicy: st.loadPolicy,
      order: st.order,
      visibleColumns: st.visibleColumns,
      setVisibleColumns: st.setVisibleColumns,
      selectedId: st.selectedId,
      drawn: st.areas,
    })),
  )
  const pane = useRef<HTMLElement>(null)
  const shownFirst = useRef(s.submitted)
  // After Search (panel button, Search again, county dialog) focus goes to the results, not the page
  // body (issue 18, problem 10). A re-sort from the table or a link opening never moves focus.
  useEffect(() => {
    if (!s.submitted || s.submitted === shownFirst.current) return
    const active = document.activeElement
    const fromControls =
      !active || active === document.body || active.closest('.search-panel, .stale-notice, .map-view')
    if (fromControls) pane.current?.focus({ preventScroll: true })
  }, [s.submitted])
  const summary = describeSearch({
    mode: s.submitted?.mode ?? s.mode,
    areas: (s.submitted ?? s).areas,
    filters: (s.submitted ?? s).filters,
  })
  // The server sorts only while not every match is loaded; a complete result sorts here, free.
  const serverSort = !!s.submitted && serverSorted(s.submitted, s.loadPolicy) && !result.complete
  const counties = coverage.status === 'ready' ? coverage.coverage.counties : null
  const outside = counties !== null && s.submitted !== null && outsideCoverage(s.submitted, counties)
  return (
    <section
      ref={pane}
      id="results"
      tabIndex={-1}
      className="results-pane"
      aria-label="Results"
      data-status={result.status}
      data-stale={staleness.stale}
    >
      {/* Phones: the controls sheet closes on Search, so progress and the cost question show here. */}
      <div className="results-progress">
        <SearchProgressView result={result} />
      </div>
      <StaleNotice
        changes={staleness.changes}
        canSearch={staleness.canSearch}
        onSearch={() => workspace.searches.submit()}
      />
      <LocalFilterNote tally={result.localFilter} />
      <ChangesNotice
        state={changes}
        onOpen={(id) =>
          workspace.parcels.recordById(id) ? workspace.parcels.openById(id) : workspace.parcels.fetch(id)
        }
        onDismiss={() => workspace.changes.dismiss()}
        labelOf={(id) => {
          const r = workspace.parcels.recordById(id)
          return String(r?.parcel_id ?? r?.situs ?? id.slice(0, 8))
        }}
      />
      <div className="results-head">
        <SummaryBar
          status={result.status}
          rows={result.rows}
          rowCount={result.rowCount}
          // Filtering here: the server's count is of the other filters' matches, not of the rows.
          recordsExpected={result.localFilter ? result.rowCount : result.progress.recordsExpected}
          previous={staleness.stale}
        />
        {result.status !== 'idle' && (
          <button
            type="button"
            className="button results-report"
            disabled={!result.rows.some(Boolean)}
            onClick={() => workspace.reports.search()}
          >
            Report
          </button>
        )}
        {result.status !== 'idle' && (
          <ExportMenu
            records={result.rows}
            visibleColumns={s.visibleColumns}
            searchSummary={summary}
            previousSearch={staleness.stale}
          />
        )}
        {result.status !== 'idle' && <ResultsFieldMenu search={result} />}
      </div>
      {result.status !== 'idle' && (
        <Suspense fallback={null}>
          <SalesSummary
            rows={salesRows}
            partial={!result.complete}
            areas={compsAreaChoices(s.drawn)}
            onCompsForArea={(id) => workspace.comps.forArea(id)}
          />
        </Suspense>
      )}
      <Suspense fallback={<p className="muted">Loading table…</p>}>
        <ResultsTable
          rows={result.rows}
          rowCount={result.rowCount}
          status={result.status}
          requestRows={result.requestRows}
          columns={s.visibleColumns}
          onColumnsChange={s.setVisibleColumns}
          sort={s.order}
          onSortChange={(order) => workspace.searches.sortBy(order)}
          serverSort={serverSort}
          selectedId={s.selectedId}
          onSelect={(id) => {
            if (!workspace.holdings.click(id)) workspace.parcels.openById(id)
          }}
          emptyNote={
            outside && counties ? <OutsideCoverage counties={counties} onJump={(c) => workspace.jumpTo(c)} /> : null
          }
        />
      </Suspense>
    </section>
  )
}

/** Results: summary, export and the table (a bottom sheet on phones). */
import { lazy, Suspense, useEffect, useRef } from 'react'
import { useShallow } from 'zustand/react/shallow'
import { ExportMenu } from '../../features/export/export-menu'
import { SummaryBar } from '../../features/results/summary-bar'
import { SearchProgressView } from '../../features/search/search-progress'
import { serverSorted } from '../../features/search/spec-key'
import { StaleNotice, useStaleSearch } from '../../features/search/stale-notice'
import { outsideCoverage } from '../../geo/coverage'
import { useAppStore } from '../../state/store'
import { describeSearch } from '../workspace/search-summary'
import { ResultsFieldMenu } from './field-panels'
import { OutsideCoverage } from './outside-coverage'
import { useCoverage, useSearchResult, useWorkspace } from './workspace-context'

// TanStack Table + Virtual: only needed once the results pane renders, after the shell paints.
const ResultsTable = lazy(() =>
  import('../../features/results/results-table').then((m) => ({ default: m.ResultsTable })),
)

export function ResultsPane() {
  const workspace = useWorkspace()
  const result = useSearchResult()
  const coverage = useCoverage()
  const staleness = useStaleSearch()
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
      <StaleNotice changes={staleness.changes} canSearch={staleness.canSearch} onSearch={() => workspace.submit()} />
      <div className="results-head">
        <SummaryBar
          status={result.status}
          rows={result.rows}
          rowCount={result.rowCount}
          recordsExpected={result.progress.recordsExpected}
          previous={staleness.stale}
        />
        {result.status !== 'idle' && (
          <ExportMenu
            records={result.rows}
            visibleColumns={s.visibleColumns}
            searchSummary={summary}
            previousSearch={staleness.stale}
          />
        )}
        {result.status !== 'idle' && <ResultsFieldMenu />}
      </div>
      <Suspense fallback={<p className="muted">Loading table…</p>}>
        <ResultsTable
          rows={result.rows}
          rowCount={result.rowCount}
          status={result.status}
          requestRows={result.requestRows}
          columns={s.visibleColumns}
          onColumnsChange={s.setVisibleColumns}
          sort={s.order}
          onSortChange={(order) => workspace.sortBy(order)}
          serverSort={serverSort}
          selectedId={s.selectedId}
          onSelect={(id) => workspace.parcels.openById(id)}
          emptyNote={
            outside && counties ? <OutsideCoverage counties={counties} onJump={(c) => workspace.jumpTo(c)} /> : null
          }
        />
      </Suspense>
    </section>
  )
}

/**
 * The app's layout, and nothing else: every panel reads its own store slice and calls the
 * workspace (src/app/workspace.ts) for anything that crosses panels. Desktop: search controls on
 * the left, map over results on the right. Phone: map first, results in a bottom sheet, the search
 * controls and the details as sheets over them (app.css).
 */
import { lazy, Suspense, useRef } from 'react'
import { FieldDialogs } from '../../features/field/field-panels'
import { PickBar } from '../../features/holdings/pick-bar'
import { ReportPane } from '../../features/reports/report-pane'
import { useAppStore } from '../../state/store'
import { AppHeader } from './app-header'
import { DetailsPane } from './details-pane'
import { HoldingsPane } from './holdings-pane'
import { LinkProblems } from './link-problems'
import { MapPane } from './map-pane'
import { ResultsPane } from './results-pane'
import { SearchPanel } from './search-panel'
import { SkipLinks } from './skip-links'
import { SplitSeparator } from './split-separator'
import { useAppShortcuts } from './use-app-shortcuts'

const AppDialogs = lazy(() => import('./app-dialogs').then((m) => ({ default: m.AppDialogs })))

export function App() {
  useAppShortcuts()
  const sheetOpen = useAppStore((s) => s.searchSheetOpen)
  const holdingsOpen = useAppStore((s) => s.holdingsTab !== null)
  const workspace = useRef<HTMLElement>(null)
  return (
    <div className="app" data-search-sheet={sheetOpen ? 'open' : 'closed'}>
      <SkipLinks />
      <AppHeader />
      <aside id="search-controls" className="left-panel" aria-label="Search controls">
        <LinkProblems />
        {holdingsOpen ? <HoldingsPane /> : <SearchPanel />}
      </aside>
      <main className="workspace" ref={workspace}>
        <div className="map-pane">
          <MapPane />
          <DetailsPane />
          <PickBar />
        </div>
        <SplitSeparator workspace={workspace} />
        <ResultsPane />
      </main>
      <Suspense fallback={null}>
        <AppDialogs />
      </Suspense>
      <ReportPane />
      <FieldDialogs />
    </div>
  )
}

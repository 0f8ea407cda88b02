/**
 * The workspace for React: one context, and hooks that subscribe to exactly the part a panel shows.
 * The provider also hands each feature that has panels of its own its API (`featureApi`,
 * src/ports/feature-api.ts), so those panels live in the feature's folder without importing the app.
 */
import { createContext, type ReactNode, useContext, useSyncExternalStore } from 'react'
import type { ChangesState } from '../../features/changes/changes-summary'
import { fieldApi } from '../../features/field/field-api'
import { holdingsApi } from '../../features/holdings/holdings-api'
import { reportDeskApi } from '../../features/reports/report-desk-api'
import type { SearchResult } from '../../features/search/search-types'
import { watchesApi } from '../../features/watches/watches-api'
import type { CoverageState } from '../../state/coverage-state'
import type { LookupState, PickState } from '../workspace/parcel-opener'
import type { Workspace } from '../workspace/workspace'
import type { MapStatus } from '../workspace/workspace-deps'

const WorkspaceContext = createContext<Workspace | null>(null)

export function WorkspaceProvider({ workspace, children }: { workspace: Workspace; children: ReactNode }) {
  return (
    <WorkspaceContext.Provider value={workspace}>
      <fieldApi.Context.Provider value={workspace.field}>
        <holdingsApi.Context.Provider value={workspace.holdings}>
          <reportDeskApi.Context.Provider value={workspace.reports.desk}>
            <watchesApi.Context.Provider value={workspace.watches}>{children}</watchesApi.Context.Provider>
          </reportDeskApi.Context.Provider>
        </holdingsApi.Context.Provider>
      </fieldApi.Context.Provider>
    </WorkspaceContext.Provider>
  )
}

export function useWorkspace(): Workspace {
  const w = useContext(WorkspaceContext)
  if (!w) throw new Error('useWorkspace outside <WorkspaceProvider>')
  return w
}

export function useSearchResult(): SearchResult {
  const { search } = useWorkspace()
  return useSyncExternalStore(search.subscribe, search.getSnapshot, search.getSnapshot)
}

export function useLookup(): LookupState | null {
  const { lookup } = useWorkspace().parcels
  return useSyncExternalStore(lookup.subscribe, lookup.get, lookup.get)
}

export function useMapStatus(): MapStatus {
  const { mapStatus } = useWorkspace()
  return useSyncExternalStore(mapStatus.subscribe, mapStatus.get, mapStatus.get)
}

export function useLinkProblems(): readonly string[] {
  const { linkProblems } = useWorkspace()
  return useSyncExternalStore(linkProblems.subscribe, linkProblems.get, linkProblems.get)
}

export function usePick(): PickState {
  const { parcels } = useWorkspace()
  return useSyncExternalStore(parcels.pick.subscribe, parcels.pick.get, parcels.pick.get)
}

export function useCoverage(): CoverageState {
  const { coverage } = useWorkspace()
  return useSyncExternalStore(coverage.state.subscribe, coverage.state.get, coverage.state.get)
}

export function useChanges(): ChangesState {
  const { changes } = useWorkspace()
  return useSyncExternalStore(changes.state.subscribe, changes.state.get, changes.state.get)
}

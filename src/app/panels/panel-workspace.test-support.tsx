/**
 * Test support (imported only by *.test.tsx): a panel rendered as the app renders it, inside a real
 * Workspace over the search harness's fake server, on the app's one store. The component project
 * shares a thread between files (isolate: false), so `renderPanel` starts from the store's first
 * state (set state after it) and each test ends with `resetPanels()`: the
 * workspace stops listening and the store goes back to its first state.
 */
import { cleanup, render } from '@testing-library/react'
import type { ReactNode } from 'react'
import type { ParcelRecord } from '../../../contract/schemas'
import type { CoverageResponse } from '../../../contract/tiles'
import { type Harness, harness, SQUARE } from '../../features/search/search-harness.test-support'
import { appStore } from '../../state/store'
import { Workspace } from '../workspace/workspace'
import type { WorkspaceDeps } from '../workspace/workspace-deps'
import { WorkspaceProvider } from './workspace-context'

const live: Workspace[] = []

interface PanelSetup {
  workspace: Workspace
  search: Harness
}

function panelWorkspace(
  opts: { records?: number; coverage?: CoverageResponse | null; deps?: Partial<WorkspaceDeps> } = {},
): PanelSetup {
  const search = harness(opts.records ?? 12)
  const byId = new Map(search.server.records.map((r) => [r.svc_uuid, r]))
  const workspace = new Workspace({
    store: appStore,
    search: search.session,
    lookupPoint: async () => [],
    fetchParcel: async (id): Promise<ParcelRecord | null> => byId.get(id) ?? null,
    loadCoverage: async () => opts.coverage ?? null,
    apiUrl: (path) => `http://plat.test${path}`,
    maps: { createMap: async () => Promise.reject(new Error('no map in this test')) },
    ...opts.deps,
  })
  live.push(workspace)
  return { workspace, search }
}

export function renderPanel(ui: ReactNode, opts: Parameters<typeof panelWorkspace>[0] = {}) {
  // Files share a thread and the store is a module singleton: a file that does not reset it (CI
  // saw stale-notice's areas enable the Search button here) must not decide this panel's first state.
  appStore.setState(appStore.getInitialState(), true)
  const setup = panelWorkspace(opts)
  const view = render(<WorkspaceProvider workspace={setup.workspace}>{ui}</WorkspaceProvider>)
  return { ...setup, ...view }
}

export function resetPanels(): void {
  cleanup()
  for (const w of live.splice(0)) w.dispose()
  appStore.setState(appStore.getInitialState(), true)
}

/** The search harness's square in Story County, IA, as the draw layer would put it in the store. */
export const SQUARE_AREA = { id: 'a1', kind: 'rectangle' as const, geometry: SQUARE }

/**
 * The changes feature as the workspace registers it: "what changed since a link's data" over the
 * context's search, coverage and store, with GET /changes given by the composition root.
 */
import type { ChangesResponse } from '../../../contract/changes'
import type { ChangesQuery } from '../../api/changes'
import type { Feature, FeatureContext } from '../../ports/feature-context'
import { ChangesFlow } from './changes-flow'

export type LoadChanges = (q: ChangesQuery, signal: AbortSignal) => Promise<ChangesResponse | null>

export function createChangesFeature(ctx: FeatureContext, load: LoadChanges | undefined): Feature<ChangesFlow> {
  const flow = new ChangesFlow({
    store: ctx.store,
    search: ctx.search,
    coverage: ctx.coverageState,
    load: load ?? (async () => null),
    today: localDay,
  })
  return { api: flow, hooks: { dispose: () => flow.dispose() } }
}

/** Today in the person's own time zone, YYYY-MM-DD (the day a link says its search was run). */
function localDay(): string {
  const d = new Date()
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`
}

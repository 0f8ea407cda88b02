/**
 * The watches feature as the workspace registers it (issue 41): the flow over the API the
 * composition root gives (none in Node tests: then the server "keeps no watches" and nothing polls).
 */
import type { Feature, FeatureContext } from '../../ports/feature-context'
import { type WatchesDeps, WatchesFlow } from './watches-flow'

const absent: WatchesDeps = {
  api: {
    list: async () => null,
    create: () => Promise.reject(new Error('No parcel server is connected.')),
    update: () => Promise.reject(new Error('No parcel server is connected.')),
    remove: () => Promise.reject(new Error('No parcel server is connected.')),
    events: async () => ({ events: [], next: null }),
  },
  mayKeepWatches: async () => false,
  storage: null,
  who: async () => '',
  now: () => 0,
  every: () => () => {},
  onFocus: () => () => {},
}

export function createWatchesFeature(_ctx: FeatureContext, deps: WatchesDeps | undefined): Feature<WatchesFlow> {
  const flow = new WatchesFlow(deps ?? absent)
  flow.start()
  return {
    api: flow,
    hooks: {
      dispose: () => flow.dispose(),
      // Another parcel chosen: the before/after of an opened event belongs to its own parcel only.
      onStore: (s, prev) => {
        if (s.selectedId !== prev.selectedId && flow.opened.get()?.svc_uuid !== s.selectedId) flow.opened.set(null)
      },
    },
  }
}

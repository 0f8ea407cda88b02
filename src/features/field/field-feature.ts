/**
 * The field feature as the workspace registers it: packs, offline answers and "where am I" over the
 * context, the packs' outlines pushed onto each map, and the locate control's positions taken from it.
 */
import type { Feature, FeatureContext } from '../../ports/feature-context'
import { type FieldDeps, FieldFlow, noFieldDeps } from './field-flow'
import { PackLibrary } from './pack-library'

export function createFieldFeature(ctx: FeatureContext, deps: FieldDeps | undefined): Feature<FieldFlow> {
  const flow = new FieldFlow(deps ?? noFieldDeps(new PackLibrary(null)), {
    store: ctx.store,
    map: ctx.map,
    rows: () => ctx.search.getSnapshot().rows,
    complete: () => ctx.search.getSnapshot().complete,
    coverage: ctx.coverage,
    openSearch: ctx.openSearch,
  })
  return {
    api: flow,
    hooks: {
      mapMounted: ({ map }) => {
        map.handlers.onPosition = (e) => flow.onPosition(e)
        return undefined
      },
      pushTo: (map) => flow.pushOutlines(map),
    },
  }
}

/**
 * The holdings feature as the workspace registers it: the flows over the context, their records
 * offered to the parcel opener, map clicks taken while picking the assemblage's parcels, and the
 * holdings overlay added to each map that is made.
 */
import type { Feature, FeatureContext } from '../../ports/feature-context'
import { type HoldingSources, HoldingsFlows } from './holdings-flows'

export interface HoldingsFeatureDeps {
  /** Cached sources for holdings and lists; without them those panels say no server is connected. */
  sources: HoldingSources | null
  /** Calls above which a run asks first (Settings). */
  confirmThreshold(): number
}

export function createHoldingsFeature(ctx: FeatureContext, deps: HoldingsFeatureDeps): Feature<HoldingsFlows> {
  const flows = new HoldingsFlows({
    store: ctx.store,
    sources: deps.sources,
    counties: ctx.counties,
    confirmThreshold: deps.confirmThreshold,
    reportError: ctx.reportError,
    frame: (g) => ctx.map()?.fitTo(g, 16),
    known: ctx.recordById,
    addAreas: ctx.addAreas,
  })
  return {
    api: flows,
    hooks: {
      recordById: (id) => flows.recordById(id),
      takeParcelClick: (id) => flows.click(id),
      mapMounted: (mounted, current) => {
        let layer: { destroy(): void } | null = null
        void mounted.createHoldingsLayer?.().then((made) => {
          if (!current()) return made.destroy()
          layer = made
          flows.attach(made)
        })
        return () => {
          flows.attach(null)
          layer?.destroy()
        }
      },
    },
  }
}

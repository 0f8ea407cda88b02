/**
 * The comps feature as the workspace registers it: comparable sales opened for a subject, their
 * overlay on the map, and the comps closed when the subject they were for is no longer open.
 */
import type { Feature, FeatureContext } from '../../ports/feature-context'
import type { CompsOverlay } from '../../ports/workspace-ports'
import type { CompsSubjectRef } from '../../state/comps-slice'
import type { AppState } from '../../state/store'
import { siteForArea } from './comps-wiring'

export class CompsIntents {
  constructor(private readonly ctx: FeatureContext) {}

  /** Comparable sales on the map (the comps panel's result); null clears them. */
  show(overlay: CompsOverlay | null): void {
    const map = this.ctx.map()
    map?.setComps(overlay)
    // Frame the comps and the subject (the same set frames the same way, so pin/drop does not jump).
    const points = overlay?.comps.map((c) => [c.point[0], c.point[1]]) ?? []
    if (points.length > 0) map?.fitTo({ type: 'MultiPoint', coordinates: points }, 14)
  }

  /**
   * Comparable sales for a subject: a parcel (its card's button), a drawn area (`forArea`), or any
   * site another panel describes by its facts — a holding, an assemblage: centre, acres, land use,
   * crop, CSR2 and an outline (`CompsSite`, src/state/comps-slice.ts). The comps take the details
   * pane, valued as of today; the shared link carries them.
   */
  forSubject(subject: CompsSubjectRef): void {
    const s = this.ctx.store.getState()
    if (subject.kind === 'parcel') s.select(subject.id, true)
    else s.select(null)
    this.ctx.store.getState().openComps(subject)
  }

  /** Comps for a drawn area, its land use, cover and CSR2 taken from the parcels loaded inside it. */
  forArea(areaId: string): void {
    const areas = this.ctx.store.getState().areas
    const area = areas.find((a) => a.id === areaId)
    if (area) this.forSubject(siteForArea(areas, area, this.ctx.search.getSnapshot().rows))
  }

  /** Another parcel opened, or the details closed: the comps were for the subject before. */
  onStore(s: AppState, prev: AppState): void {
    if (s.comps && s.comps === prev.comps && (s.selectedId !== prev.selectedId || s.detailsOpen !== prev.detailsOpen)) {
      const subject = s.comps.subject
      const orphaned = subject.kind === 'parcel' ? s.selectedId !== subject.id || !s.detailsOpen : s.selectedId !== null
      if (orphaned) s.closeComps()
    }
    if (!s.comps && prev.comps) this.ctx.map()?.setComps(null)
  }
}

export function createCompsFeature(ctx: FeatureContext): Feature<CompsIntents> {
  const comps = new CompsIntents(ctx)
  return { api: comps, hooks: { onStore: (s, prev) => comps.onStore(s, prev) } }
}

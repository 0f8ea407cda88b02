import { describe, expect, it } from 'vitest'
import type { CoverageResponse } from '../../../contract/tiles'
import type { MapPort, PositionFit } from '../../ports/workspace-ports'
import { createAppStore } from '../../state/store'
import { FieldFlow, noFieldDeps } from './field-flow'
import { PackLibrary } from './pack-library'

/** A field flow over a map that only records how it is asked to frame the position. */
function flow(online: boolean, coverage: CoverageResponse | null = null) {
  const fits: PositionFit[] = []
  const map = { positionFit: (f: PositionFit) => fits.push(f), followPosition: () => {} } as unknown as MapPort
  const field = new FieldFlow(
    { ...noFieldDeps(new PackLibrary(null)), online: () => online },
    {
      store: createAppStore(),
      map: () => map,
      rows: () => [],
      complete: () => true,
      coverage: () => coverage,
      openSearch: () => {},
    },
  )
  return { field, fits }
}

describe('FieldFlow: framing the position (issue 37 item 10)', () => {
  it('online, street level; offline, no closer than the parcel tiles go (a pack holds no deeper tiles)', () => {
    const on = flow(true)
    on.field.locate()
    expect(on.fits.at(-1)?.maxZoom).toBe(17)
    const off = flow(false)
    off.field.locate()
    expect(off.fits.at(-1)?.maxZoom).toBe(16)
    const coarse = flow(false, {
      counties: [],
      tiles: { path: '/tiles/parcels/{z}/{x}/{y}.mvt', min_zoom: 10, max_zoom: 15 },
    } as unknown as CoverageResponse)
    coarse.field.locate()
    expect(coarse.fits.at(-1)?.maxZoom).toBe(15)
  })

  it('keeps the dot clear of the edge the banners cover', () => {
    const { field, fits } = flow(false)
    field.locate()
    expect(fits.at(-1)?.padding).toEqual({ top: 24, bottom: 24, left: 24, right: 24 })
    // A phone: the banners stack by the thumb, 150 px up from the map's bottom.
    field.setBannerRoom({ top: 0, bottom: 150 })
    expect(fits.at(-1)?.padding).toEqual({ top: 24, bottom: 174, left: 24, right: 24 })
    // A desktop: under the toolbar, at the top.
    field.setBannerRoom({ top: 120, bottom: 0 })
    expect(fits.at(-1)?.padding).toEqual({ top: 144, bottom: 24, left: 24, right: 24 })
  })
})

/**
 * Where a first visit opens (no link view): on the counties the server has parcels for, not the
 * whole country with the data as a few unlabelled specks (issue 37). The coverage comes with the
 * page, so the first frame is already the right one; without it, the continental US.
 */
import { unionBox } from '../../../contract/bbox'
import type { CoverageResponse } from '../../../contract/tiles'
import { CONUS_BOUNDS } from '../../config/initial-view'

export type Bounds = [[number, number], [number, number]]

/** The box around every covered county, or the continental US when there is none. */
export function firstViewBounds(coverage: Pick<CoverageResponse, 'counties'> | null | undefined): Bounds {
  const boxes = (coverage?.counties ?? []).map((c) => c.bbox).filter((b) => b.every(Number.isFinite) && b[0] <= b[2])
  if (boxes.length === 0) return CONUS_BOUNDS
  const [w, s, e, n] = unionBox(boxes)
  return [
    [w, s],
    [e, n],
  ]
}

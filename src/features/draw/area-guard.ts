/**
 * The last check before a drawn shape becomes a search area (issue 37, item 1). A circle finished
 * by a second tap with no move between was 1 cm across: it passed the ring rules, then rounding to
 * the link's precision (about 1 m, contract/link-areas.ts) left a ring of under 4 positions that
 * the server refused with a 422, after the area was listed and counted. So a shape is judged as it
 * will be stored and sent — big enough, and still a valid ring once rounded — and a refusal says
 * why in words a person reads, not the contract's ring vocabulary.
 */
import area from '@turf/area'
import type { Polygon } from 'geojson'
import { type AreaCheck, checkDrawnArea, RING_REASONS } from '../../geo/validate-area'
import type { DrawnArea } from '../../state/search-spec'
import { quantizeArea } from '../share/url-codec'

/**
 * The smallest area a drawn shape may enclose: 100 m² (a 10 m square, about 0.025 acre). Below it
 * a shape is a slip of the finger, not an area to search: smaller than any parcel, and at the
 * link's 1 m rounding its outline no longer holds (docs/using-the-app.md, "On a touch screen").
 */
export const MIN_AREA_SQ_M = 100

/** The contract's ring rules as a person reads them (the rest already read as plain words). */
const IN_WORDS: Partial<Record<string, string>> = {
  [RING_REASONS.tooFew]: 'a shape needs at least 3 corners',
  [RING_REASONS.notClosed]: 'a shape needs at least 3 corners',
  [RING_REASONS.zeroArea]: 'the shape encloses no area',
  [RING_REASONS.selfIntersects]: 'its edges cross each other',
}

export function inWords(reason: string): string {
  return IN_WORDS[reason] ?? reason
}

/** What to do instead, for the tool that drew the shape. */
const TOO_SMALL: Record<DrawnArea['kind'], string> = {
  circle:
    'the circle is too small to search; tap the centre, then tap the edge farther out (or drag out from the centre)',
  rectangle: 'the rectangle is too small to search; tap one corner, then the opposite corner farther away',
  polygon: 'the shape is too small to search; place its corners farther apart',
  freehand: 'the shape is too small to search; trace a larger outline',
}

/**
 * Checks a finished shape (after simplifying a huge freehand one) as it will be stored: at least
 * MIN_AREA_SQ_M, and a valid ring once rounded to the link's precision. The reason is in words.
 */
export function guardDrawnArea(geometry: Polygon, kind: DrawnArea['kind'] = 'polygon'): AreaCheck {
  const check = checkDrawnArea(geometry)
  if (!check.valid) return { valid: false, reason: inWords(check.reason) }
  if (area(check.geometry) < MIN_AREA_SQ_M) return { valid: false, reason: TOO_SMALL[kind] }
  const stored = quantizeArea({ kind, geometry: check.geometry }).geometry
  if (!checkDrawnArea(stored).valid) return { valid: false, reason: 'the shape is too thin to keep its outline' }
  return check
}

/**
 * Polygons from an import or a buffer become drawn areas the same way a drawn shape does: checked
 * (and simplified if huge) by the draw rules, stored at the link's precision, each one undoable.
 */
import type { Polygon } from 'geojson'
import { AREA_MAX_FEATURES } from '../../contract/limits'
import { checkDrawnArea } from '../draw/validate-area'
import { quantizeArea } from '../share/url-codec'
import type { DrawnArea } from '../state/search-spec'

let counter = 0

export function polygonsToAreas(
  polygons: readonly Polygon[],
  room = AREA_MAX_FEATURES,
): { areas: DrawnArea[]; problems: string[]; simplified: number } {
  const areas: DrawnArea[] = []
  const problems: string[] = []
  let simplified = 0
  polygons.forEach((p, i) => {
    if (areas.length >= room) {
      if (areas.length === room) problems.push(`Only ${room} areas fit in one search; the rest were left out.`)
      return
    }
    const check = checkDrawnArea(p)
    const area = check.valid
      ? quantizeArea({
          id: `import-${Date.now().toString(36)}-${counter++}`,
          kind: 'polygon',
          geometry: check.geometry,
        })
      : null
    const recheck = area ? checkDrawnArea(area.geometry) : null
    if (!check.valid) problems.push(`Shape ${i + 1} was left out: ${check.reason}.`)
    else if (!area || !recheck?.valid) problems.push(`Shape ${i + 1} was left out: too small to keep its shape.`)
    else {
      if (check.simplifiedFrom !== undefined) simplified++
      areas.push(area)
    }
  })
  return { areas, problems, simplified }
}

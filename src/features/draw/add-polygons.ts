/**
 * Polygons from an import or a buffer become drawn areas the way a drawn shape does: checked and
 * simplified by the import rules (src/features/import/to-areas), then stored at the link's precision. A
 * shape that rounding to that precision breaks (a sliver) is dropped with the reason.
 */
import type { Polygon } from 'geojson'
import { AREA_MAX_FEATURES } from '../../../contract/limits'
import { checkDrawnArea } from '../../geo/validate-area'
import type { DrawnArea } from '../../state/search-spec'
import type { AppStore } from '../../state/store'
import { toAreas } from '../import/to-areas'
import { quantizeArea } from '../share/url-codec'

let counter = 0

function polygonsToAreas(
  polygons: readonly Polygon[],
  room = AREA_MAX_FEATURES,
  names?: ReadonlyMap<Polygon, string>,
): { areas: DrawnArea[]; problems: string[]; notices: string[] } {
  const r = toAreas(polygons, { room, names, makeId: () => `import-${Date.now().toString(36)}-${counter++}` })
  const areas: DrawnArea[] = []
  const problems = [...r.problems]
  for (const a of r.areas) {
    const q = quantizeArea(a)
    if (checkDrawnArea(q.geometry).valid) areas.push(q)
    else problems.push('A shape too thin to keep its outline at 1 m precision was left out.')
  }
  return { areas, problems, notices: r.notices }
}

/**
 * Adds polygons to the store's areas (area mode) and says what happened; returns the areas added.
 * `label`: the name the areas go by in the list and the link (a county's), where they have one.
 */
export function addPolygons(
  store: AppStore,
  polygons: readonly Polygon[],
  notices: readonly string[],
  source: string,
  label?: string,
  /** Imported features' own names by polygon ("Good field"), kept as the areas' labels. */
  names?: ReadonlyMap<Polygon, string>,
): DrawnArea[] {
  const st = store.getState()
  const room = AREA_MAX_FEATURES - st.areas.length
  const { areas: found, problems, notices: done } = polygonsToAreas(polygons, room, names)
  const areas = label ? found.map((a) => ({ ...a, label })) : found
  for (const a of areas) st.putArea(a)
  if (st.mode !== 'area') st.setMode('area')
  const parts = [
    `Added ${areas.length} area${areas.length === 1 ? '' : 's'} from ${source}.`,
    ...new Set([...notices, ...done, ...problems]),
  ]
  st.setDrawNotice({ level: problems.length || areas.length === 0 ? 'warning' : 'info', message: parts.join(' ') })
  return areas
}

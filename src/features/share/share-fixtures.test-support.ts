/**
 * Test helpers for the link codec, shared by its example and property tests. Imported by tests only.
 */
import type { Position } from 'geojson'
import { expect } from 'vitest'
import { checkPolygonCoords } from '../../../contract/area-rules'
import { ORDERABLE_FIELDS } from '../../../contract/fields'
import { AREA_MAX_FEATURES, MAX_FILTERS } from '../../../contract/limits'
import { wrongShape } from '../../../contract/link-filters'
import { checkFieldAndOperator } from '../../../contract/query-rules'
import { THEME_IDS } from '../../format/themes'
import type { DrawnArea } from '../../state/search-spec'
import { DEFAULT_COLUMNS } from '../../state/ui-slice'
import type { ShareState } from './share-state'
import { quantizeArea } from './url-codec'

export const base: ShareState = {
  mode: 'area',
  areas: [],
  filters: [],
  order: null,
  includeBuildings: false,
  searched: false,
  selectedId: null,
  view: { center: [-93.46, 42.04], zoom: 10 },
  visibleColumns: DEFAULT_COLUMNS,
  theme: 'plain',
}

/** A star-shaped (hence simple) polygon of n vertices around a point; radius in degrees. */
export function blob(
  cx: number,
  cy: number,
  n: number,
  radius: (i: number) => number,
  kind: DrawnArea['kind'] = 'polygon',
): DrawnArea {
  const ring: Position[] = []
  for (let i = 0; i < n; i++) {
    const t = (2 * Math.PI * i) / n
    const r = radius(i)
    ring.push([cx + r * Math.cos(t), cy + r * Math.sin(t) * 0.75])
  }
  ring.push(ring[0] as Position)
  return quantizeArea({ id: `a${cx}`, kind, geometry: { type: 'Polygon', coordinates: [ring] } })
}

/** The decoded state as the app would hold it (ids are the link's own). */
export const withoutIds = (s: Partial<ShareState>) => ({ ...s, areas: s.areas?.map(({ id: _id, ...a }) => a) })

/** Whatever a decode returns, however bad its input, is something the app can hold as it is. */
export function expectOnlyValidParts(state: Partial<ShareState>, problems: string[]): void {
  expect(problems.every((p) => typeof p === 'string' && p.length > 0)).toBe(true)
  if (state.mode !== undefined) expect(['area', 'direct']).toContain(state.mode)
  expect(state.areas?.length ?? 0).toBeLessThanOrEqual(AREA_MAX_FEATURES)
  for (const [i, a] of (state.areas ?? []).entries()) {
    expect(a.id).toMatch(/^shared-\d+$/)
    expect(a.id).not.toBe(state.areas?.[i - 1]?.id)
    expect(a.geometry.type).toBe('Polygon')
    if (a.label !== undefined) expect(a.label).toMatch(/^\P{Cc}{1,80}$/u)
    expect(checkPolygonCoords(a.geometry.coordinates, ['area']).issues).toEqual([])
  }
  expect(state.filters?.length ?? 0).toBeLessThanOrEqual(MAX_FILTERS)
  for (const f of state.filters ?? []) {
    expect(checkFieldAndOperator(f)).toBeNull()
    expect(wrongShape(f)).toBeNull()
  }
  if (state.order != null) {
    expect(ORDERABLE_FIELDS).toContain(state.order.field)
    expect(['asc', 'desc']).toContain(state.order.direction)
  }
  for (const b of [state.includeBuildings, state.searched]) if (b !== undefined) expect(typeof b).toBe('boolean')
  if (state.selectedId != null) expect(state.selectedId).toMatch(/^[A-Za-z0-9_-]{1,64}$/)
  if (state.view) {
    const [lng, lat] = state.view.center
    expect(Math.abs(lng)).toBeLessThanOrEqual(180)
    expect(Math.abs(lat)).toBeLessThanOrEqual(85.06)
    expect(state.view.zoom).toBeGreaterThanOrEqual(0)
    expect(state.view.zoom).toBeLessThanOrEqual(24)
  }
  for (const c of state.visibleColumns ?? []) expect(c).toMatch(/^[A-Za-z0-9_]{1,64}$/)
  if (state.theme !== undefined) expect(THEME_IDS).toContain(state.theme)
}

/** POST /parcels/area helpers and the turf oracle: which of all parcels intersect the given areas. */
import { expect } from 'vitest'
import { AreaResponseSchema } from '../../contract/schemas'
import { isSortedUnique, type Parcel } from './data'
import { type AreaGeom, type BBox, bboxesOverlap, bboxOf, collection, intersects } from './geo'
import { type KeyName, post, show } from './http'

/** POST /parcels/area that must succeed; ids must come sorted ascending without duplicates. */
export async function areaOk(body: unknown, key?: KeyName): Promise<string[]> {
  const res = await post('/parcels/area', body, key ? { key } : undefined)
  expect(res.status, `area → ${show(res)}`).toBe(200)
  const ids = AreaResponseSchema.parse(res.body).svc_uuids
  expect(isSortedUnique(ids), 'svc_uuids must be sorted ascending without duplicates').toBe(true)
  return ids
}

export const areaOf = (...geoms: AreaGeom[]) => areaOk(collection(...geoms))

const boxes = new WeakMap<Parcel, BBox>()
const boxOf = (p: Parcel): BBox => {
  let b = boxes.get(p)
  if (!b) {
    b = bboxOf(p.geom)
    boxes.set(p, b)
  }
  return b
}

/** Ids of the parcels whose geometry intersects any of the areas (turf), sorted. */
export function expectedIds(all: readonly Parcel[], geoms: readonly AreaGeom[]): string[] {
  const areaBoxes = geoms.map(bboxOf)
  return all
    .filter((p) => geoms.some((g, i) => bboxesOverlap(boxOf(p), areaBoxes[i] as BBox) && intersects(p.geom, g)))
    .map((p) => p.svc_uuid)
    .sort()
}

/** Both directions: every returned id intersects, every intersecting parcel is returned. */
export function expectSameIds(got: readonly string[], expected: readonly string[], label = ''): void {
  const gotSet = new Set(got)
  const expSet = new Set(expected)
  const extra = got.filter((id) => !expSet.has(id))
  const missing = expected.filter((id) => !gotSet.has(id))
  expect(
    { extra: extra.slice(0, 5), missing: missing.slice(0, 5), extraCount: extra.length, missingCount: missing.length },
    `${label} returned ids vs parcels intersecting by turf`,
  ).toEqual({ extra: [], missing: [], extraCount: 0, missingCount: 0 })
}

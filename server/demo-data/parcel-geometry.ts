import type { MultiPolygon, Position } from 'geojson'
import { Side } from './adjacency'
import type { CountyBuild } from './county-build'

const SIDE_SPAN = 2 ** 28

/**
 * A site's outline: its rectangle walked counter-clockwise from the south-west corner, with every
 * neighbour corner that falls inside a side inserted as a vertex, so both parcels along a shared
 * boundary list the same vertices. Collinear vertices keep the polygon valid (OGC simple).
 */
export function parcelGeometry(b: CountyBuild, site: number): MultiPolygon {
  const s = b.sites
  const f = b.frame
  const x0 = s.x0[site]!
  const y0 = s.y0[site]!
  const x1 = s.x1[site]!
  const y1 = s.y1[site]!
  const sides: number[][] = [[], [], [], []]
  for (let k = b.adj.cornerStart[site]!; k < b.adj.cornerStart[site + 1]!; k++) {
    const code = b.adj.corners[k]!
    const side = Math.floor(code / SIDE_SPAN)
    sides[side]!.push(code - side * SIDE_SPAN)
  }
  const ring: Position[] = []
  const walk = (along: number[], descending: boolean, at: (v: number) => Position) => {
    along.sort((p, q) => (descending ? q - p : p - q))
    let last = Number.NaN
    for (const v of along) {
      if (v !== last) ring.push(at(v))
      last = v
    }
  }
  const lon0 = f.lon(x0)
  const lon1 = f.lon(x1)
  const lat0 = f.lat(y0)
  const lat1 = f.lat(y1)
  ring.push([lon0, lat0])
  walk(sides[Side.SOUTH]!, false, (x) => [f.lon(x), lat0])
  ring.push([lon1, lat0])
  walk(sides[Side.EAST]!, false, (y) => [lon1, f.lat(y)])
  ring.push([lon1, lat1])
  walk(sides[Side.NORTH]!, true, (x) => [f.lon(x), lat1])
  ring.push([lon0, lat1])
  walk(sides[Side.WEST]!, true, (y) => [lon0, f.lat(y)])
  ring.push([lon0, lat0])
  return { type: 'MultiPolygon', coordinates: [[ring]] }
}

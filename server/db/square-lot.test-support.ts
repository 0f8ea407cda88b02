/**
 * The simplest parcel a database test can store: a square lot as the MultiPolygon a load writes,
 * its south-west corner at (x, y) in degrees.
 */
import type { MultiPolygon } from 'geojson'
import { rect } from '../test/geo'

export const squareLot = (x: number, y: number, size = 0.001): MultiPolygon => ({
  type: 'MultiPolygon',
  coordinates: [rect(x, y, x + size, y + size).coordinates],
})

/**
 * Both GeoJSON readers (a FeatureCollection streamed, and one feature per line) parse text anyone
 * may have written, so a feature's shape is checked once, here, before it reaches the loader.
 */
import type { Feature, Geometry } from 'geojson'
import { SourceError, type SourceFeature } from './source'

/** Checks the shape of a parsed GeoJSON feature (a file's text, so anything can be there). */
export function toSourceFeature(value: unknown, n: number): SourceFeature {
  const f = value as Partial<Feature> | null
  if (!f || typeof f !== 'object' || f.type !== 'Feature') {
    throw new SourceError(`feature ${n} is not a GeoJSON Feature`)
  }
  const props = f.properties
  return {
    geometry: (f.geometry ?? null) as Geometry | null,
    properties: props && typeof props === 'object' && !Array.isArray(props) ? props : {},
  }
}

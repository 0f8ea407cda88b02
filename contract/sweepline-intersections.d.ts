declare module 'sweepline-intersections' {
  import type { Feature, FeatureCollection, Geometry } from 'geojson'
  /** Returns every crossing point of the input's segments (self-intersections included by default). */
  export default function findIntersections(
    geojson: Geometry | Feature | FeatureCollection,
    ignoreSelfIntersections?: boolean,
  ): [number, number][]
}

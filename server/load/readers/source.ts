/**
 * What every reader hands the loader, whatever the format (Shapefile, GeoJSON, GeoPackage,
 * FlatGeobuf, GeoParquet, File Geodatabase): layers of features in the file's own CRS, with what the
 * file says about that CRS, so reprojection and mapping are written once, after the readers.
 */
import type { Geometry } from 'geojson'
import type { CrsHint } from './crs'

/** One feature as the file has it: geometry in the file's CRS, attributes as read. */
export interface SourceFeature {
  geometry: Geometry | null
  properties: Record<string, unknown>
  /** Why the geometry could not be decoded (the feature is then rejected with this reason). */
  geometryError?: string
}

/** One layer of an input file (a Shapefile zip or a GeoPackage may hold several). */
export interface SourceLayer {
  /** null for single-layer formats */
  readonly name: string | null
  /**
   * What the file says about its CRS, read when the first feature arrives (a streamed GeoJSON
   * states its `crs` member before its features).
   */
  crs(): CrsHint[]
  /** What no CRS statement means: longitude/latitude for GeoJSON, unknown for the rest. */
  readonly defaultLonLat: boolean
  /** Attribute names from the file's schema, or null when only the features tell (GeoJSON). */
  readonly attributes: readonly string[] | null
  /** Number of features when the file's header says, for the progress bar. */
  readonly count: number | null
  features(): AsyncIterable<SourceFeature>
}

export interface SourceFile {
  /** "GeoJSON", "Shapefile", … for messages */
  readonly format: string
  readonly layers: readonly SourceLayer[]
  /** What the reader left out (a File Geodatabase's point layers…), for the summary */
  readonly note?: string
  /** Fraction of the input read so far, for formats whose feature count is unknown up front. */
  progress?(): number
  close(): Promise<void>
}

/** A reader's complaint about the file itself (not one feature): the load stops with this message. */
export class SourceError extends Error {}

/** Types for the `shapefile` package (mbostock), which ships none: only the parts Plat uses. */
declare module 'shapefile' {
  import type { Feature, Geometry } from 'geojson'

  type Input = string | ArrayBuffer | Uint8Array | ReadableStream<Uint8Array> | NodeJS.ReadableStream
  interface Source<T> {
    readonly bbox: [number, number, number, number]
    read(): Promise<{ done: false; value: T } | { done: true; value: undefined }>
    cancel(): Promise<void>
  }
  interface Options {
    /** dBASE character encoding (TextDecoder label); default windows-1252 */
    encoding?: string
    highWaterMark?: number
  }
  export function open(
    shp: Input,
    dbf?: Input | null,
    options?: Options,
  ): Promise<Source<Feature<Geometry | null, Record<string, unknown>>>>
  export function openShp(shp: Input, options?: Options): Promise<Source<Geometry | null>>
  export function openDbf(dbf: Input, options?: Options): Promise<Source<Record<string, unknown>>>
}

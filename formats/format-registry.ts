/**
 * Every file format Plat reads or writes, and what each use offers: the area import, the results
 * export, the field packs' export and the county loader. Their menus, accepted file types and the
 * messages that name the supported formats are built from these lists, so no use can offer a format
 * another does not know by the same name, extension and MIME type. A format's reading and writing
 * live in its module (`module`): in formats/ when the app and the server share it, in
 * server/load/readers/ for the loader's Node-only readers (streams, GDAL). This file imports no
 * module, so the app's first load carries the lists and none of the readers or writers.
 */

export type FormatId =
  | 'geojson'
  | 'geojson-seq'
  | 'kml'
  | 'kmz'
  | 'gpx'
  | 'shapefile'
  | 'shapefile-zip'
  | 'gpkg'
  | 'pmtiles'
  | 'csv'
  | 'flatgeobuf'
  | 'filegdb'
  | 'geoparquet'

export interface FileFormat {
  readonly label: string
  /** Lower case, without the dot; the first is the one Plat writes. */
  readonly extensions: readonly string[]
  /** What Plat writes it as and a file picker may offer it as; null when it has none of its own. */
  readonly mime: string | null
  /** Where its reading and writing live (repository path). */
  readonly module: string
  readonly reads: boolean
  readonly writes: boolean
  /** A folder of files rather than a file (a File Geodatabase), so never known by its extension alone. */
  readonly folder?: boolean
}

export const FILE_FORMATS: Readonly<Record<FormatId, FileFormat>> = {
  geojson: {
    label: 'GeoJSON',
    extensions: ['geojson', 'json'],
    mime: 'application/geo+json',
    module: 'formats/geojson.ts',
    reads: true,
    writes: true,
  },
  'geojson-seq': {
    label: 'GeoJSON sequence',
    extensions: ['geojsonl', 'geojsons', 'geojsonseq', 'ndjson', 'jsonl'],
    mime: 'application/geo+json-seq',
    module: 'server/load/readers/read-geojson-seq.ts',
    reads: true,
    writes: false,
  },
  kml: {
    label: 'KML',
    extensions: ['kml'],
    mime: 'application/vnd.google-earth.kml+xml',
    module: 'formats/kml.ts',
    reads: true,
    writes: true,
  },
  kmz: {
    label: 'KMZ',
    extensions: ['kmz'],
    mime: 'application/vnd.google-earth.kmz',
    module: 'formats/kmz.ts',
    reads: true,
    writes: false,
  },
  gpx: {
    label: 'GPX',
    extensions: ['gpx'],
    mime: 'application/gpx+xml',
    module: 'formats/gpx.ts',
    reads: false,
    writes: true,
  },
  shapefile: {
    label: 'Shapefile',
    extensions: ['shp'],
    mime: null,
    module: 'formats/shapefile.ts',
    reads: true,
    writes: false,
  },
  'shapefile-zip': {
    label: 'zipped Shapefile',
    extensions: ['zip'],
    mime: 'application/zip',
    module: 'formats/shapefile.ts',
    reads: true,
    writes: false,
  },
  gpkg: {
    label: 'GeoPackage',
    extensions: ['gpkg'],
    mime: 'application/geopackage+sqlite3',
    module: 'formats/geopackage.ts',
    reads: true,
    writes: true,
  },
  pmtiles: {
    label: 'PMTiles',
    extensions: ['pmtiles'],
    mime: 'application/vnd.pmtiles',
    module: 'formats/pmtiles.ts',
    reads: false,
    writes: true,
  },
  csv: {
    label: 'CSV',
    extensions: ['csv'],
    mime: 'text/csv;charset=utf-8',
    module: 'formats/csv.ts',
    reads: true,
    writes: true,
  },
  flatgeobuf: {
    label: 'FlatGeobuf',
    extensions: ['fgb'],
    mime: null,
    module: 'server/load/readers/read-flatgeobuf.ts',
    reads: true,
    writes: false,
  },
  filegdb: {
    label: 'File Geodatabase',
    extensions: ['gdb'],
    mime: null,
    module: 'server/load/readers/read-filegdb.ts',
    reads: true,
    writes: false,
    folder: true,
  },
  geoparquet: {
    label: 'GeoParquet',
    extensions: ['parquet', 'geoparquet'],
    mime: null,
    module: 'server/load/readers/read-geoparquet.ts',
    reads: true,
    writes: false,
  },
}

/** One choice a use offers: its key there, the formats behind it (the first is the one written), its wording. */
export interface Offer<K extends string = string> {
  readonly kind: K
  readonly formats: readonly FormatId[]
  readonly label: string
}

/** What the area import reads, as its message names them. */
export const IMPORT_OFFERS = [
  { kind: 'geojson', formats: ['geojson'], label: 'GeoJSON' },
  { kind: 'kml', formats: ['kml', 'kmz'], label: 'KML/KMZ' },
  { kind: 'shapefile-zip', formats: ['shapefile-zip'], label: 'a zipped Shapefile' },
] as const satisfies readonly Offer[]

/** The results export menu. */
export const EXPORT_OFFERS = [
  { kind: 'csv-visible', formats: ['csv'], label: 'CSV — visible columns' },
  { kind: 'csv-all', formats: ['csv'], label: 'CSV — all fields' },
  { kind: 'geojson', formats: ['geojson'], label: 'GeoJSON' },
  { kind: 'kml', formats: ['kml'], label: 'KML' },
] as const satisfies readonly Offer[]

/** The field menu's and the packs panel's exports. */
export const FIELD_OFFERS = [
  { kind: 'gpkg', formats: ['gpkg'], label: 'GeoPackage (QGIS, ArcGIS, Avenza)' },
  { kind: 'pmtiles', formats: ['pmtiles'], label: 'PMTiles vector tiles' },
  { kind: 'kml', formats: ['kml'], label: 'KML waypoints (Google Earth)' },
  { kind: 'gpx', formats: ['gpx'], label: 'GPX waypoints (GPS, onX)' },
] as const satisfies readonly Offer[]

/** What `npm run load` reads, as its help and its errors name them. */
export const LOADER_OFFERS = [
  { kind: 'geojson', formats: ['geojson'], label: 'GeoJSON (.geojson, .json)' },
  { kind: 'geojson-seq', formats: ['geojson-seq'], label: 'GeoJSON sequence (.geojsonl, .geojsons, .ndjson)' },
  { kind: 'shapefile-zip', formats: ['shapefile-zip'], label: 'zipped Shapefile (.zip)' },
  { kind: 'shapefile', formats: ['shapefile'], label: 'Shapefile (.shp with .dbf/.prj beside it)' },
  { kind: 'flatgeobuf', formats: ['flatgeobuf'], label: 'FlatGeobuf (.fgb)' },
  { kind: 'gpkg', formats: ['gpkg'], label: 'GeoPackage (.gpkg)' },
  { kind: 'filegdb', formats: ['filegdb'], label: 'File Geodatabase (.gdb folder, or zipped: .gdb.zip)' },
  { kind: 'geoparquet', formats: ['geoparquet'], label: 'GeoParquet (.parquet, .geoparquet)' },
] as const satisfies readonly Offer[]

const formatsOf = (offers: readonly Offer[]): FormatId[] => [...new Set(offers.flatMap((o) => o.formats))]

/** The extension a file of this format is written with. */
export const extensionOf = (id: FormatId): string => FILE_FORMATS[id].extensions[0] as string

/** The MIME type a file of this format is written as (a generic binary type for the few without one). */
export const mimeOf = (id: FormatId): string => FILE_FORMATS[id].mime ?? 'application/octet-stream'

/** Which of the offers' formats a file name's extension says (`.GeoJSON` as `.geojson`), or null. */
export function formatOfName(name: string, offers: readonly Offer[]): FormatId | null {
  const ext = /\.([^./\\]+)$/.exec(name)?.[1]?.toLowerCase()
  if (!ext) return null
  return formatsOf(offers).find((id) => !FILE_FORMATS[id].folder && FILE_FORMATS[id].extensions.includes(ext)) ?? null
}

/** Every extension (with its dot) that names one of the offers' file formats. */
export const extensionsOf = (offers: readonly Offer[]): string[] =>
  formatsOf(offers)
    .filter((id) => !FILE_FORMATS[id].folder)
    .flatMap((id) => FILE_FORMATS[id].extensions.map((e) => `.${e}`))

/** A file input's `accept`: the offers' extensions, then their MIME types. */
export function acceptOf(offers: readonly Offer[]): string {
  const mimes = formatsOf(offers).flatMap((id) => FILE_FORMATS[id].mime ?? [])
  return [...extensionsOf(offers), ...new Set(mimes)].join(',')
}

/** "A, B, or C": the offers as a sentence names them. */
export function namesOf(offers: readonly Offer[]): string {
  const labels = offers.map((o) => o.label)
  return labels.length < 3 ? labels.join(' or ') : `${labels.slice(0, -1).join(', ')}, or ${labels.at(-1)}`
}

import { DOMParser } from '@xmldom/xmldom'
import type { Feature, Polygon, Position } from 'geojson'
import Papa from 'papaparse'
import initSqlJs from 'sql.js'
import { describe, expect, it } from 'vitest'
import wkx from 'wkx'
import { csvDelimiter, csvDocument } from './csv'
import {
  acceptOf,
  EXPORT_OFFERS,
  extensionOf,
  extensionsOf,
  FIELD_OFFERS,
  FILE_FORMATS,
  type FormatId,
  formatOfName,
  IMPORT_OFFERS,
  LOADER_OFFERS,
  namesOf,
  type Offer,
} from './format-registry'
import { gdalWrite, hasOgr2ogr, OGR2OGR_MISSING } from './gdal.test-support'
import { FEATURE_COLLECTION, geoJsonItems, isGeometry } from './geojson'
import { GPKG_FEATURE_LAYERS_SQL, type GpkgLayerRow, gpkgWkb, writeGeoPackage } from './geopackage'
import { KML_DOCUMENT_END, kmlDocument, kmlDocumentStart, kmlPlacemark, kmlPolygons } from './kml'
import { repoFileExists } from './repo-files.test-support'

const square = (x: number, y: number, d = 0.01): Position[] => [
  [x, y],
  [x + d, y],
  [x + d, y + d],
  [x, y + d],
  [x, y],
]
const hole: Position[] = [
  [-93.598, 42.002],
  [-93.598, 42.004],
  [-93.596, 42.004],
  [-93.598, 42.002],
]

/** The small collection every format carries: two parcels, one with a hole, text and number fields. */
const parcels: Feature<Polygon, { name: string; acres: number }>[] = [
  {
    type: 'Feature',
    geometry: { type: 'Polygon', coordinates: [square(-93.6, 42), hole] },
    properties: { name: 'SMITH & SONS <FARMS>', acres: 40.5 },
  },
  {
    type: 'Feature',
    geometry: { type: 'Polygon', coordinates: [square(-93.5, 42.1)] },
    properties: { name: 'Ünïcode, "quoted"', acres: 80 },
  },
]
const rings = parcels.map((f) => f.geometry.coordinates)
const fields = parcels.map((f) => f.properties)
const geojsonText = () =>
  FEATURE_COLLECTION.start +
  parcels.map((f) => JSON.stringify(f)).join(FEATURE_COLLECTION.separator) +
  FEATURE_COLLECTION.end

/** Coordinates as GIS tools print them (15 significant digits) compared with ours. */
const rounded = (c: unknown): unknown =>
  Array.isArray(c) ? c.map(rounded) : typeof c === 'number' ? Math.round(c * 1e9) / 1e9 : c

const xml = (text: string) =>
  new DOMParser({ onError: () => undefined }).parseFromString(text, 'text/xml') as unknown as Document

// ——— readers: what each format module gives back from a file's bytes ———

function readGeoJson(bytes: Uint8Array) {
  const items = geoJsonItems(JSON.parse(new TextDecoder().decode(bytes)))
  if (typeof items === 'string') throw new Error(items)
  expect(items.every((i) => isGeometry(i.geometry))).toBe(true)
  return { rings: items.map((i) => (i.geometry as Polygon).coordinates), names: items.map((i) => i.name) }
}

function readKml(bytes: Uint8Array) {
  const doc = kmlDocument(new TextDecoder().decode(bytes), xml)
  if (typeof doc === 'string') throw new Error(doc)
  return { rings: [...kmlPolygons(doc)] }
}

async function readGpkg(bytes: Uint8Array) {
  const SQL = await initSqlJs()
  const db = new SQL.Database(bytes)
  try {
    const all = (sql: string) => {
      const [res] = db.exec(sql)
      return (res?.values ?? []).map((v) => Object.fromEntries(res?.columns.map((c, i) => [c, v[i]]) ?? []))
    }
    const [layer] = all(GPKG_FEATURE_LAYERS_SQL) as GpkgLayerRow[]
    if (!layer) throw new Error('no feature layer')
    const rows = all(`SELECT * FROM "${layer.table_name}" ORDER BY fid`)
    return {
      srs: layer.srs_id,
      rings: rows.map((r) => {
        const wkb = gpkgWkb(r[layer.column_name] as Uint8Array)
        return (wkx.Geometry.parse(Buffer.from(wkb ?? [])).toGeoJSON() as Polygon).coordinates
      }),
      fields: rows.map((r) => ({ name: r.name, acres: r.acres })),
    }
  } finally {
    db.close()
  }
}

function readCsv(bytes: Uint8Array): Record<string, string>[] {
  const text = new TextDecoder().decode(bytes).replace(/^\uFEFF/, '')
  const parsed = Papa.parse<Record<string, string>>(text, {
    header: true,
    delimiter: csvDelimiter(text.split(/\r?\n/)[0] ?? ''),
    skipEmptyLines: 'greedy',
  })
  return parsed.data
}

// ——— writers: the same collection through each format module ———

async function writeGpkg(): Promise<Uint8Array> {
  const SQL = await initSqlJs()
  return writeGeoPackage(
    () => new SQL.Database(),
    [{ name: 'parcels', geometryType: 'MULTIPOLYGON', features: parcels.map((f) => ({ ...f })) }],
  )
}

const enc = (s: string) => new TextEncoder().encode(s)

/** Every format with both directions in formats/, and its round trip: written by us, read by us. */
const ROUND_TRIPS: Partial<Record<FormatId, () => Promise<void>>> = {
  geojson: async () => {
    const back = readGeoJson(enc(geojsonText()))
    expect(back.rings).toEqual(rings)
  },
  kml: async () => {
    const text =
      kmlDocumentStart('Parcels') +
      parcels
        .map((f) => kmlPlacemark(f.properties.name, [{ name: 'acres', value: f.properties.acres }], f.geometry))
        .join('') +
      KML_DOCUMENT_END
    expect(readKml(enc(text)).rings).toEqual(rings)
  },
  gpkg: async () => {
    const back = await readGpkg(await writeGpkg())
    expect(back.srs).toBe(4326)
    // The layer is MULTIPOLYGON: each parcel comes back as a multipolygon of one.
    expect(back.rings).toEqual(rings.map((r) => [r]))
    expect(back.fields).toEqual(fields)
  },
  csv: async () => {
    const text = csvDocument(
      ['name', 'acres'],
      fields.map((f) => [f.name, f.acres]),
    )
    expect(readCsv(enc(text))).toEqual(fields.map((f) => ({ name: f.name, acres: String(f.acres) })))
  },
}

describe('every format with both directions round-trips a small feature collection', () => {
  it('has a round trip for each of them', () => {
    const both = (Object.keys(FILE_FORMATS) as FormatId[]).filter(
      (id) => FILE_FORMATS[id].reads && FILE_FORMATS[id].writes && FILE_FORMATS[id].module.startsWith('formats/'),
    )
    expect(Object.keys(ROUND_TRIPS).sort()).toEqual(both.sort())
  })

  it.each(Object.keys(ROUND_TRIPS))('%s', async (id) => {
    await ROUND_TRIPS[id as FormatId]?.()
  })
})

describe.skipIf(!hasOgr2ogr)(
  `files GDAL writes are read the same (${hasOgr2ogr ? 'ogr2ogr' : OGR2OGR_MISSING})`,
  () => {
    it('GeoJSON', () => {
      const back = readGeoJson(gdalWrite(geojsonText(), 'GeoJSON', 'out.geojson'))
      expect(rounded(back.rings)).toEqual(rounded(rings))
    })

    it('KML', () => {
      expect(rounded(readKml(gdalWrite(geojsonText(), 'KML', 'out.kml')).rings)).toEqual(rounded(rings))
    })

    it('GeoPackage', async () => {
      const back = await readGpkg(gdalWrite(geojsonText(), 'GPKG', 'out.gpkg'))
      expect(back.srs).toBe(4326)
      expect(rounded(back.rings)).toEqual(rounded(rings))
      expect(back.fields).toEqual(fields)
    })

    it('CSV', () => {
      const rows = readCsv(gdalWrite(geojsonText(), 'CSV', 'out.csv'))
      expect(rows.map((r) => ({ name: r.name, acres: Number(r.acres) }))).toEqual(fields)
    })
  },
)

describe('every use offers what its UI or CLI shows', () => {
  const uses: [string, readonly Offer[], 'reads' | 'writes'][] = [
    ['import', IMPORT_OFFERS, 'reads'],
    ['export', EXPORT_OFFERS, 'writes'],
    ['field', FIELD_OFFERS, 'writes'],
    ['loader', LOADER_OFFERS, 'reads'],
  ]

  it.each(uses)('%s: only formats with that direction, each named in its label', (_, offers, direction) => {
    for (const o of offers) {
      expect(o.formats.length).toBeGreaterThan(0)
      for (const id of o.formats) {
        expect(FILE_FORMATS[id][direction]).toBe(true)
        expect(o.label.toLowerCase()).toContain(FILE_FORMATS[id].label.toLowerCase())
      }
    }
  })

  it('every format is offered by some use and its module exists', () => {
    const offered = new Set(uses.flatMap(([, offers]) => offers.flatMap((o) => o.formats)))
    for (const [id, f] of Object.entries(FILE_FORMATS)) {
      expect(offered.has(id as FormatId), id).toBe(true)
      expect(repoFileExists(f.module), f.module).toBe(true)
    }
  })

  it('the import: its file picker, its message and its files by name', () => {
    expect(acceptOf(IMPORT_OFFERS)).toBe(
      '.geojson,.json,.kml,.kmz,.zip,application/geo+json,application/vnd.google-earth.kml+xml,application/vnd.google-earth.kmz,application/zip',
    )
    expect(namesOf(IMPORT_OFFERS)).toBe('GeoJSON, KML/KMZ, or a zipped Shapefile')
    expect(formatOfName('Fields.KMZ', IMPORT_OFFERS)).toBe('kmz')
    expect(formatOfName('areas.json', IMPORT_OFFERS)).toBe('geojson')
    expect(formatOfName('parcels.csv', IMPORT_OFFERS)).toBeNull()
  })

  it('the exports: menu items and the files they write', () => {
    expect(EXPORT_OFFERS.map((o) => [o.label, extensionOf(o.formats[0])])).toEqual([
      ['CSV — visible columns', 'csv'],
      ['CSV — all fields', 'csv'],
      ['GeoJSON', 'geojson'],
      ['KML', 'kml'],
    ])
    expect(FIELD_OFFERS.map((o) => extensionOf(o.formats[0]))).toEqual(['gpkg', 'pmtiles', 'kml', 'gpx'])
  })

  it('the loader: its help text and the extensions it opens (a File Geodatabase is a folder)', () => {
    expect(LOADER_OFFERS.map((o) => o.label).join(', ')).toBe(
      'GeoJSON (.geojson, .json), GeoJSON sequence (.geojsonl, .geojsons, .ndjson), zipped Shapefile (.zip), Shapefile (.shp with .dbf/.prj beside it), FlatGeobuf (.fgb), GeoPackage (.gpkg), File Geodatabase (.gdb folder, or zipped: .gdb.zip), GeoParquet (.parquet, .geoparquet)',
    )
    expect(extensionsOf(LOADER_OFFERS).sort()).toEqual(
      [
        '.geojson',
        '.json',
        '.geojsonl',
        '.geojsons',
        '.geojsonseq',
        '.ndjson',
        '.jsonl',
        '.zip',
        '.shp',
        '.fgb',
        '.gpkg',
        '.parquet',
        '.geoparquet',
      ].sort(),
    )
    expect(formatOfName('county.gdb', LOADER_OFFERS)).toBeNull()
    expect(formatOfName('/data/Story.GPKG', LOADER_OFFERS)).toBe('gpkg')
  })
})

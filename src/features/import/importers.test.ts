import fc from 'fast-check'
import { zipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import { detectFormat } from './detect-format'
import { importBytes } from './import-file'
import { clockwiseSquare, KML, shapefileZip, WGS84_PRJ, xml } from './import-fixtures.test-support'
import { MAX_FILE_BYTES } from './import-result'
import { parseGeoJson } from './parse-geojson'
import { parseKml } from './parse-kml'
import { parseShapefileZip } from './parse-shapefile'

const enc = (s: string) => new TextEncoder().encode(s)

describe('detectFormat and importBytes', () => {
  it('tells formats apart by their bytes, and a zip by what it holds', () => {
    const shp = shapefileZip([[clockwiseSquare(-93.6, 42, 0.01)]], WGS84_PRJ)
    const kmz = zipSync({ 'doc.kml': enc(KML) })
    expect(detectFormat('export.zip', shp)).toBe('shapefile-zip')
    expect(detectFormat('fields.zip', kmz)).toBe('kmz')
    expect(detectFormat('fields.kmz', shp)).toBe('shapefile-zip')
    expect(detectFormat('a.txt', enc('\uFEFF  <?xml version="1.0"?><kml/>'))).toBe('kml')
    expect(detectFormat('a.txt', enc('\n{"type":"Polygon"}'))).toBe('geojson')
    expect(detectFormat('a.geojson', enc(''))).toBe('geojson')
    expect(detectFormat('a.txt', enc('hello'))).toBe('unknown')
  })

  it('routes each format to its parser', async () => {
    expect((await importBytes('fields.zip', zipSync({ 'doc.kml': enc(KML) }), xml)).polygons).toHaveLength(2)
    expect((await importBytes('whatever.txt', enc(KML), xml)).polygons).toHaveLength(2)
    const shp = shapefileZip([[clockwiseSquare(-93.6, 42, 0.01)]], WGS84_PRJ)
    expect((await importBytes('a.zip', shp, xml)).polygons).toHaveLength(1)
    expect((await importBytes('notes.txt', enc('hello'), xml)).problems[0]).toMatch(/not a format Plat reads/)
  })

  it('refuses a file over the size limit without parsing it', async () => {
    const big = new Uint8Array(MAX_FILE_BYTES + 1)
    expect((await importBytes('big.geojson', big, xml)).problems[0]).toMatch(/larger than 50 MB/)
  })
})

describe('garbage never throws out of the importers', () => {
  const zipMagic = (bytes: Uint8Array) => new Uint8Array([0x50, 0x4b, 3, 4, ...bytes])

  it('random bytes, whatever the claimed format', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ maxLength: 400 }),
        fc.constantFrom('a.zip', 'a.kml', 'a.json', 'a.kmz'),
        async (bytes, name) => {
          const r = await importBytes(name, name.endsWith('z') || name.endsWith('p') ? zipMagic(bytes) : bytes, xml)
          expect(Array.isArray(r.problems)).toBe(true)
        },
      ),
      { numRuns: 300 },
    )
  })

  it('random text and JSON to the GeoJSON and KML parsers', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.json(),
          fc.jsonValue().map((v) => JSON.stringify(v)),
        ),
        (text) => {
          expect(() => parseGeoJson(text)).not.toThrow()
          expect(() => parseKml(text, xml)).not.toThrow()
        },
      ),
      { numRuns: 300 },
    )
  })

  it('corrupted bytes inside a real zipped Shapefile', async () => {
    const good = shapefileZip([[clockwiseSquare(-93.6, 42, 0.01), clockwiseSquare(-93.6, 42, 0.002).reverse()]], null)
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.nat(good.length - 1), fc.integer({ min: 0, max: 255 })), { maxLength: 8 }),
        async (edits) => {
          const bad = good.slice()
          for (const [at, byte] of edits) bad[at] = byte
          expect(Array.isArray((await parseShapefileZip(bad)).problems)).toBe(true)
        },
      ),
      { numRuns: 300 },
    )
  })

  it('random records after a valid .shp header', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ minLength: 0, maxLength: 600 }), async (body) => {
        const bytes = new Uint8Array(100 + body.length)
        new DataView(bytes.buffer).setInt32(0, 9994, false)
        bytes.set(body, 100)
        const r = await parseShapefileZip(zipSync({ 'x.shp': bytes }))
        expect(r.polygons.length + r.others.length + r.problems.length).toBeGreaterThanOrEqual(0)
      }),
      { numRuns: 500 },
    )
  })
})

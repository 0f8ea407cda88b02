import { zipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import { KML, xml } from './import-fixtures.test-support'
import { parseKml, parseKmz } from './parse-kml'

const enc = (s: string) => new TextEncoder().encode(s)

describe('KML', () => {
  it('reads polygons with holes inside MultiGeometry, and lines for buffering', () => {
    const r = parseKml(KML, xml)
    expect(r.polygons.map((p) => p.coordinates.length)).toEqual([2, 1])
    expect(r.polygons[0]?.coordinates[1]).toHaveLength(4)
    expect(r.polygons[1]?.coordinates[0]?.at(-1)).toEqual([-93.5, 42]) // closed, altitude dropped
    expect(r.others.map((g) => g.type)).toEqual(['LineString'])
    expect(r.problems).toEqual([expect.stringMatching(/only polygons can be search areas/)])
  })

  it('reads a KMZ, preferring doc.kml', () => {
    const kmz = zipSync({ 'files/other.kml': enc('<kml></kml>'), 'doc.kml': enc(KML) })
    expect(parseKmz(kmz, xml).polygons).toHaveLength(2)
    expect(parseKmz(zipSync({ 'a.png': new Uint8Array(3) }), xml).problems[0]).toMatch(/no \.kml/)
  })

  it('explains what is wrong with a bad file', () => {
    expect(parseKml('<html><body/></html>', xml).problems[0]).toMatch(/not valid KML/)
    expect(parseKml('<kml><Document/></kml>', xml).problems[0]).toMatch(/no shapes/)
    const noOuter = '<kml><Placemark><Polygon><outerBoundaryIs/></Polygon></Placemark></kml>'
    expect(parseKml(noOuter, xml).problems[0]).toMatch(/polygon 1 has no usable outer boundary/)
  })
})

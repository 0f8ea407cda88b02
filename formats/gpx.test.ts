import { DOMParser } from '@xmldom/xmldom'
import { describe, expect, it } from 'vitest'
import { writeGpx } from './gpx'

const points = [
  { lng: -93.6123456789, lat: 42.0123, name: 'SMITH & SONS <FARMS>', description: 'APN 01-02 · 40 ac' },
  { lng: -93.5, lat: 42.1, name: 'Ünïcode "quoted"\u0001', description: 'line\nbreak' },
]

describe('writeGpx', () => {
  it('parses back as GPX 1.1 with one wpt per parcel, names and descriptions intact', () => {
    const doc = new DOMParser().parseFromString(writeGpx(points, 'Story County', new Date(0)), 'text/xml')
    const gpx = doc.documentElement
    expect(gpx?.getAttribute('version')).toBe('1.1')
    expect(gpx?.namespaceURI).toBe('http://www.topografix.com/GPX/1/1')
    const wpts = Array.from(doc.getElementsByTagName('wpt'))
    expect(wpts).toHaveLength(2)
    expect(wpts[0]?.getAttribute('lat')).toBe('42.0123')
    expect(wpts[0]?.getAttribute('lon')).toBe('-93.6123457')
    expect(wpts[0]?.getElementsByTagName('name')[0]?.textContent).toBe('SMITH & SONS <FARMS>')
    expect(wpts[1]?.getElementsByTagName('name')[0]?.textContent).toBe('Ünïcode "quoted"')
    expect(wpts[1]?.getElementsByTagName('desc')[0]?.textContent).toBe('line\nbreak')
    expect(doc.getElementsByTagName('time')[0]?.textContent).toBe('1970-01-01T00:00:00.000Z')
  })
})

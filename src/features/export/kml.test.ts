import { DOMParser, type Element } from '@xmldom/xmldom'
import { describe, expect, it } from 'vitest'
import type { ParcelRecord } from '../../../contract/schemas'
import { xmlText as xmlEscape } from '../../../formats/xml-text'
import { allColumns } from '../../format/record-columns'
import { runExport } from './export-runner'
import { kmlFormat } from './kml'

const ring = [
  [-93, 42],
  [-93, 42.1],
  [-92.9, 42.1],
  [-93, 42],
]
const hole = [
  [-92.99, 42.01],
  [-92.98, 42.02],
  [-92.99, 42.01],
]
const hostile = `<script>alert("x")</script> ]]> & 'q' \r\n\ttab =HYPERLINK("a") 日本 🚜`

const records: ParcelRecord[] = [
  { svc_uuid: 'a', owner: hostile, acres: 2.5, geom: { type: 'Polygon', coordinates: [ring, hole] } },
  { svc_uuid: 'b', situs: 'bad\u0000\u0008chars', geom: { type: 'MultiPolygon', coordinates: [[ring], [ring]] } },
  { svc_uuid: 'c', buildings: [{ geom: { type: 'Polygon', coordinates: [ring] }, sq_feet: 900 }] },
]

async function parse() {
  const text = (await runExport(records, kmlFormat(allColumns(records), 'Title & <co>'))).join('')
  const errors: string[] = []
  const doc = new DOMParser({ onError: (level, msg) => errors.push(`${level}: ${msg}`) }).parseFromString(
    text,
    'text/xml',
  )
  return { doc, errors }
}

function dataOf(placemark: Element): Record<string, string> {
  const out: Record<string, string> = {}
  const data = placemark.getElementsByTagName('Data')
  for (let i = 0; i < data.length; i++) {
    const d = data.item(i)!
    out[d.getAttribute('name')!] = d.getElementsByTagName('value').item(0)?.textContent ?? ''
  }
  return out
}

describe('kmlFormat', () => {
  it('is well-formed and has one placemark per parcel plus a buildings folder', async () => {
    const { doc, errors } = await parse()
    expect(errors).toEqual([])
    const folders = doc.getElementsByTagName('Folder')
    expect(folders.length).toBe(2)
    expect(folders.item(0)!.getElementsByTagName('Placemark').length).toBe(3)
    expect(folders.item(1)!.getElementsByTagName('Placemark').length).toBe(1)
    expect(doc.getElementsByTagName('name').item(0)?.textContent).toBe('Title & <co>')
  })

  it('keeps field values, hostile strings included, and strips XML-illegal characters', async () => {
    const { doc } = await parse()
    const placemarks = doc.getElementsByTagName('Placemark')
    const first = placemarks.item(0)!
    expect(first.getElementsByTagName('name').item(0)?.textContent).toBe(hostile)
    expect(dataOf(first)).toMatchObject({ svc_uuid: 'a', owner: hostile, acres: '2.5' })
    expect(dataOf(placemarks.item(1)!)).toMatchObject({ svc_uuid: 'b', situs: 'badchars' })
    expect(placemarks.item(2)!.getElementsByTagName('name').item(0)?.textContent).toBe('c')
    expect(dataOf(placemarks.item(2)!).building_count).toBe('1')
  })

  it('writes outer and inner boundaries and multi-geometries', async () => {
    const { doc } = await parse()
    const first = doc.getElementsByTagName('Placemark').item(0)!
    expect(first.getElementsByTagName('outerBoundaryIs').length).toBe(1)
    expect(first.getElementsByTagName('innerBoundaryIs').item(0)?.textContent).toBe(
      '-92.99,42.01 -92.98,42.02 -92.99,42.01',
    )
    const second = doc.getElementsByTagName('Placemark').item(1)!
    expect(second.getElementsByTagName('MultiGeometry').item(0)?.getElementsByTagName('Polygon').length).toBe(2)
  })

  it('escapes text so that no markup or CDATA end survives', () => {
    expect(xmlEscape('a]]><b c="d">&\u0001')).toBe('a]]&gt;&lt;b c=&quot;d&quot;&gt;&amp;')
    expect(xmlEscape('lone \uD800 surrogate 🚜')).toBe('lone  surrogate 🚜')
  })
})

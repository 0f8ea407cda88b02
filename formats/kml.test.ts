import { DOMParser } from '@xmldom/xmldom'
import type { Polygon } from 'geojson'
import { describe, expect, it } from 'vitest'
import {
  KML_DOCUMENT_END,
  KML_FOLDER_END,
  kmlDocument,
  kmlDocumentStart,
  kmlFolderStart,
  kmlLines,
  kmlPlacemark,
  kmlPoints,
  kmlPolygons,
  writeKmlWaypoints,
} from './kml'

const parse = (text: string) =>
  new DOMParser({ onError: () => undefined }).parseFromString(text, 'text/xml') as unknown as Document

const points = [
  { lng: -93.6123456789, lat: 42.0123, name: 'SMITH & SONS <FARMS>', description: 'APN 01-02 · 40 ac' },
  { lng: -93.5, lat: 42.1, name: 'Ünïcode "quoted"\u0001', description: 'line\nbreak' },
]

describe('writeKmlWaypoints', () => {
  it('parses back as KML with a Point Placemark per parcel', () => {
    const doc = new DOMParser().parseFromString(writeKmlWaypoints(points, 'Pack'), 'text/xml')
    const marks = Array.from(doc.getElementsByTagName('Placemark'))
    expect(marks).toHaveLength(2)
    expect(marks[0]?.getElementsByTagName('coordinates')[0]?.textContent).toBe('-93.6123457,42.0123')
    expect(marks[0]?.getElementsByTagName('name')[0]?.textContent).toBe('SMITH & SONS <FARMS>')
    expect(doc.getElementsByTagName('Document')[0]?.getElementsByTagName('name')[0]?.textContent).toBe('Pack')
  })

  it('reads back its own points', () => {
    const doc = kmlDocument(writeKmlWaypoints(points, 'Pack'), parse)
    if (typeof doc === 'string') throw new Error(doc)
    expect([...kmlPoints(doc)]).toEqual([
      [-93.6123457, 42.0123],
      [-93.5, 42.1],
    ])
  })
})

describe('KML written and read back', () => {
  const holed: Polygon = {
    type: 'Polygon',
    coordinates: [
      [
        [-93.6, 42],
        [-93.59, 42],
        [-93.59, 42.01],
        [-93.6, 42.01],
        [-93.6, 42],
      ],
      [
        [-93.598, 42.002],
        [-93.596, 42.002],
        [-93.596, 42.004],
        [-93.598, 42.002],
      ],
    ],
  }

  it('keeps every polygon, its holes and its fields', () => {
    const text =
      kmlDocumentStart('Story <County>') +
      kmlFolderStart('Parcels') +
      kmlPlacemark('SMITH', [{ name: 'acres', label: 'Acres', value: 40.5 }], holed) +
      kmlPlacemark('JONES', [], { type: 'MultiPolygon', coordinates: [holed.coordinates, holed.coordinates] }) +
      kmlPlacemark('NO OUTLINE', [], null) +
      KML_FOLDER_END +
      KML_DOCUMENT_END
    const doc = kmlDocument(text, parse)
    if (typeof doc === 'string') throw new Error(doc)
    expect([...kmlPolygons(doc)]).toEqual([holed.coordinates, holed.coordinates, holed.coordinates])
    expect([...kmlLines(doc)]).toEqual([])
    expect(doc.getElementsByTagName('Data')[0]?.getElementsByTagName('displayName')[0]?.textContent).toBe('Acres')
    expect(doc.getElementsByTagName('name')[0]?.textContent).toBe('Story <County>')
  })

  it('says why a text is not KML', () => {
    expect(kmlDocument('<gpx/>', parse)).toBe('This file is not valid KML.')
  })
})

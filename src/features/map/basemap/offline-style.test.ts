import { describe, expect, it } from 'vitest'
import { parcelsToFeatures } from '../tiles/parcel-features'
import { PARCEL_LAYERS, PARCEL_SOURCES } from '../tiles/parcel-layers'
import { BASEMAPS, basemapById, basemapRequestPolicy, OFFLINE_BASEMAP } from './basemaps'
import { BOUNDARY_SOURCES, buildOfflineStyle } from './offline-style'

/** Every string anywhere in a JSON-like value. */
function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value)
  else if (Array.isArray(value)) for (const v of value) strings(v, out)
  else if (value && typeof value === 'object') for (const v of Object.values(value)) strings(v, out)
  return out
}

describe('offline default style', () => {
  const style = buildOfflineStyle()

  it('references no external URL, glyphs or sprite (tests and offline use have no internet)', () => {
    expect(style.glyphs).toBeUndefined()
    expect(style.sprite).toBeUndefined()
    const urls = strings(style).filter((s) => /^(https?:)?\/\//i.test(s) || /^[a-z]+:\/\//i.test(s))
    expect(urls).toEqual([])
    for (const source of Object.values(style.sources)) {
      expect(source.type).toBe('geojson')
      expect(typeof (source as { data: unknown }).data).toBe('object') // inline, not a URL
      expect('tiles' in source || 'url' in source).toBe(false)
    }
  })

  it('has no symbol layers (they would need glyphs)', () => {
    expect(style.layers.filter((l) => l.type === 'symbol')).toEqual([])
  })

  it('draws background, county and state lines, and the parcel layers on top', () => {
    const ids = style.layers.map((l) => l.id)
    expect(ids[0]).toBe('background')
    expect(ids).toContain('county-lines')
    expect(ids).toContain('state-lines')
    expect(ids.indexOf(PARCEL_LAYERS.fill)).toBeGreaterThan(ids.indexOf('state-lines'))
    expect(Object.keys(style.sources)).toEqual(
      expect.arrayContaining([BOUNDARY_SOURCES.states, BOUNDARY_SOURCES.counties, PARCEL_SOURCES.parcels]),
    )
  })

  it('keeps every layer source defined', () => {
    for (const layer of style.layers) {
      if ('source' in layer) expect(style.sources[layer.source as string]).toBeDefined()
    }
  })
})

describe('basemaps', () => {
  it('offers streets first, satellite, and the offline map, which unknown ids fall back to', () => {
    expect(BASEMAPS.map((b) => b.id)).toEqual(['streets', 'satellite', 'offline'])
    expect(basemapById('nope')).toBe(OFFLINE_BASEMAP)
    expect(basemapById('satellite').kind).toBe('raster')
  })

  it('sends only the origin as Referer to basemap tile servers (OSM refuses none), nothing else changes', () => {
    expect(basemapRequestPolicy('https://tile.openstreetmap.org/3/2/1.png')).toBe('strict-origin-when-cross-origin')
    expect(basemapRequestPolicy('https://server.arcgisonline.com/ArcGIS/rest/services/World_Imagery/x')).toBe(
      'strict-origin-when-cross-origin',
    )
    expect(basemapRequestPolicy('http://localhost:8787/tiles/parcels/1/2/3.mvt')).toBeUndefined()
  })

  it('raster basemaps use https tile templates with attribution', () => {
    for (const b of BASEMAPS) {
      if (b.kind !== 'raster') continue
      expect(b.tiles.every((t) => t.startsWith('https://') && t.includes('{z}'))).toBe(true)
      expect(b.attribution.length).toBeGreaterThan(0)
    }
  })
})

describe('parcelsToFeatures', () => {
  const geom = {
    type: 'MultiPolygon',
    coordinates: [
      [
        [
          [0, 0],
          [1, 0],
          [1, 1],
          [0, 0],
        ],
      ],
    ],
  }
  it('gives numeric ids in order, skips unloaded rows, missing geometry and duplicates', () => {
    const batch = parcelsToFeatures([
      { svc_uuid: 'a', geom },
      undefined,
      { svc_uuid: 'b' },
      { svc_uuid: 'c', geom },
      { svc_uuid: 'a', geom },
    ])
    expect(batch.data.features.map((f) => f.id)).toEqual([0, 1])
    expect(batch.uuids).toEqual(['a', 'c'])
    expect(batch.idByUuid.get('c')).toBe(1)
    expect(batch.data.features[1]?.properties).toEqual({ u: 'c' })
    const themed = parcelsToFeatures([{ svc_uuid: 'd', geom, cdl_majority_value: 1, acres: 10, parcel_value: 50_000 }])
    expect(themed.data.features[0]?.properties).toEqual({ u: 'd', crop: 1, acres: 10, vpa: 5000 })
  })
})

import { VectorTile } from '@mapbox/vector-tile'
import { GeoJSONVT } from '@maplibre/geojson-vt'
import { fromGeojsonVt } from '@maplibre/vt-pbf'
import { PbfReader } from 'pbf'
import { PMTiles, type Source } from 'pmtiles'
import { describe, expect, it } from 'vitest'
import { writePmtiles } from './pmtiles'

const source = (bytes: Uint8Array): Source => ({
  getKey: () => 'memory',
  getBytes: async (offset, length) => ({
    data: bytes.buffer.slice(bytes.byteOffset + offset, bytes.byteOffset + offset + length) as ArrayBuffer,
  }),
})

describe('writePmtiles', () => {
  it('writes an archive the pmtiles reader opens: header, metadata and a vector tile with its layer', async () => {
    const vt = new GeoJSONVT(
      {
        type: 'FeatureCollection',
        features: [
          {
            type: 'Feature',
            properties: { owner: 'SMITH', acres: 40 },
            geometry: {
              type: 'Polygon',
              coordinates: [
                [
                  [-93.6, 42],
                  [-93.59, 42],
                  [-93.59, 42.01],
                  [-93.6, 42],
                ],
              ],
            },
          },
        ],
      },
      { maxZoom: 14, extent: 4096 },
    )
    const z = 12
    const x = Math.floor(((-93.595 + 180) / 360) * 2 ** z)
    const y = 1520
    const tile = vt.getTile(z, x, y)
    if (!tile) throw new Error('no tile')
    const data = fromGeojsonVt({ results: tile })
    const bytes = writePmtiles([{ z, x, y, data }], {
      tileCompression: 'none',
      bounds: [-93.6, 42, -93.59, 42.01],
      metadata: { name: 'Test', vector_layers: [{ id: 'results', fields: { owner: 'String' } }] },
    })
    const archive = new PMTiles(source(bytes))
    const header = await archive.getHeader()
    expect(header).toMatchObject({ specVersion: 3, minZoom: 12, maxZoom: 12, tileType: 1, numAddressedTiles: 1 })
    expect(header.minLon).toBeCloseTo(-93.6, 6)
    expect(await archive.getMetadata()).toMatchObject({ name: 'Test' })
    const got = await archive.getZxy(z, x, y)
    if (!got) throw new Error('tile not in archive')
    const decoded = new VectorTile(new PbfReader(new Uint8Array(got.data)))
    const layer = decoded.layers.results
    expect(layer?.length).toBe(1)
    expect(layer?.feature(0).properties).toEqual({ owner: 'SMITH', acres: 40 })
    expect(await archive.getZxy(z, x + 1, y)).toBeUndefined()
  })

  it('moves directories into leaves when the root would pass 16 KiB, and every tile is still found', async () => {
    const tiles = []
    for (let x = 0; x < 80; x++)
      for (let y = 0; y < 80; y++) tiles.push({ z: 12, x: 900 + x, y: 1500 + y, data: Uint8Array.of(x, y, 7) })
    const bytes = writePmtiles(tiles, { tileCompression: 'none', bounds: [-100, 30, -90, 40], metadata: {} })
    const archive = new PMTiles(source(bytes))
    const header = await archive.getHeader()
    expect(header.leafDirectoryLength).toBeGreaterThan(0)
    expect(header.rootDirectoryLength).toBeLessThanOrEqual(16_384 - 127)
    for (const [x, y] of [
      [0, 0],
      [79, 79],
      [41, 3],
      [5, 66],
    ] as const) {
      const got = await archive.getZxy(12, 900 + x, 1500 + y)
      expect([...new Uint8Array(got?.data ?? new ArrayBuffer(0))]).toEqual([x, y, 7])
    }
  })
})

/**
 * Small GeoTIFFs like the ones users download: a 3DEP-style DEM (Float32, NAD83/WGS 84 degrees)
 * and a CDL-style land-cover raster (UInt8 codes, 30 m pixels in CONUS Albers EPSG:5070, 0 =
 * background), written with `geotiff`. Their values are formulas of the pixel, so tests can say
 * what any pixel holds without reading the file back.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { writeArrayBuffer } from 'geotiff'
import proj4 from 'proj4'

/** Pixel edges half a pixel off the fixture's grid lines, so no centroid sits on an edge. */
export const DEM = { west: -93.64505, north: 42.03005, step: 0.0001, width: 300, height: 120 }
export const demValue = (col: number, row: number) => 280 + col * 0.05 + row * 0.25

export function writeDem(path: string): void {
  const values = new Float32Array(DEM.width * DEM.height)
  for (let r = 0; r < DEM.height; r++) for (let c = 0; c < DEM.width; c++) values[r * DEM.width + c] = demValue(c, r)
  const tif = writeArrayBuffer(values, {
    width: DEM.width,
    height: DEM.height,
    BitsPerSample: [32],
    SampleFormat: [3],
    ModelPixelScale: [DEM.step, DEM.step, 0],
    ModelTiepoint: [0, 0, 0, DEM.west, DEM.north, 0],
    GeographicTypeGeoKey: 4269,
    GTModelTypeGeoKey: 2,
    GTRasterTypeGeoKey: 1,
  })
  writeFileSync(path, Buffer.from(tif))
}

const ALBERS = JSON.parse(readFileSync(createRequire(import.meta.url).resolve('epsg-index/s/5070.json'), 'utf8'))
  .proj4 as string
export const toAlbers = (lon: number, lat: number): [number, number] =>
  proj4('EPSG:4326', ALBERS, [lon, lat]) as [number, number]

/** CDL raster over the fixture: Corn (1) west of `splitLon`, Soybeans (5) east of it (or the `codes` given). */
function cdlGrid(splitLon: number) {
  const [x0, y1] = toAlbers(-93.645, 42.03)
  const [x1, y0] = toAlbers(-93.6, 42.015)
  const west = Math.floor(Math.min(x0, toAlbers(-93.645, 42.015)[0]) / 30) * 30
  const north = Math.ceil(Math.max(y1, toAlbers(-93.6, 42.03)[1]) / 30) * 30
  const width = Math.ceil((x1 - west) / 30) + 2
  const height = Math.ceil((north - y0) / 30) + 2
  return { west, north, width, height, splitX: toAlbers(splitLon, 42.02)[0] }
}

export function writeCdl(path: string, splitLon: number, codes: [number, number] = [1, 5]): ReturnType<typeof cdlGrid> {
  const g = cdlGrid(splitLon)
  const values = new Uint8Array(g.width * g.height)
  for (let r = 0; r < g.height; r++) {
    for (let c = 0; c < g.width; c++) values[r * g.width + c] = g.west + (c + 0.5) * 30 < g.splitX ? codes[0] : codes[1]
  }
  const tif = writeArrayBuffer(values, {
    width: g.width,
    height: g.height,
    BitsPerSample: [8],
    SampleFormat: [1],
    ModelPixelScale: [30, 30, 0],
    ModelTiepoint: [0, 0, 0, g.west, g.north, 0],
    ProjectedCSTypeGeoKey: 5070,
    GTModelTypeGeoKey: 1,
    GTRasterTypeGeoKey: 1,
    GDAL_NODATA: '0',
  })
  writeFileSync(path, Buffer.from(tif))
  return g
}

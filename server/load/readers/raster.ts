/**
 * A single-band GeoTIFF (a USGS 3DEP DEM, a USDA Cropland Data Layer) read with `geotiff`, which
 * reads only the tiles or strips a window needs. Its CRS comes from the GeoKeys: an EPSG code, or
 * the user-defined Albers the classic CDL files carry.
 */
import { fromFile, type GeoTIFF, type GeoTIFFImage } from 'geotiff'
import type { Projection } from '../../../formats/crs'
import { fromDefinition, LONLAT } from '../../../formats/crs'
import { CrsError, projectionForCode } from './crs'

export interface Raster {
  readonly path: string
  readonly width: number
  readonly height: number
  readonly noData: number | null
  /** longitude/latitude → fractional pixel column/row */
  toPixel(lon: number, lat: number): [number, number]
  /** Values of the window [x0, y0, x1, y1) (clipped to the image), row by row. */
  window(
    x0: number,
    y0: number,
    x1: number,
    y1: number,
  ): Promise<{ x0: number; y0: number; w: number; h: number; values: ArrayLike<number> }>
  close(): Promise<void>
}

const USER_DEFINED = 32767

function projectionOf(keys: Record<string, unknown>, path: string): Projection {
  const projected = keys.ProjectedCSTypeGeoKey as number | undefined
  const geographic = keys.GeographicTypeGeoKey as number | undefined
  if (projected && projected !== USER_DEFINED) return projectionForCode(`EPSG:${projected}`)
  if (projected === USER_DEFINED && keys.ProjCoordTransGeoKey === 11) {
    // Albers equal-area, as in CDL GeoTIFFs before they carried EPSG:5070.
    const p = (k: string, fallback = 0) => (keys[k] as number | undefined) ?? fallback
    return fromDefinition(
      `+proj=aea +lat_1=${p('ProjStdParallel1GeoKey')} +lat_2=${p('ProjStdParallel2GeoKey')} +lat_0=${p('ProjNatOriginLatGeoKey', p('ProjFalseOriginLatGeoKey'))} +lon_0=${p('ProjNatOriginLongGeoKey', p('ProjFalseOriginLongGeoKey', p('ProjCenterLongGeoKey')))} +x_0=${p('ProjFalseEastingGeoKey')} +y_0=${p('ProjFalseNorthingGeoKey')} +datum=NAD83 +units=m +no_defs`,
      'Albers equal-area (GeoKeys)',
    )
  }
  if (!projected && geographic && geographic !== USER_DEFINED) return projectionForCode(`EPSG:${geographic}`)
  if (!projected && keys.GTModelTypeGeoKey === 2) return LONLAT
  throw new CrsError(`${path}: its GeoKeys name no coordinate system this loader can use`)
}

export async function openRaster(path: string): Promise<Raster> {
  let tiff: GeoTIFF
  let image: GeoTIFFImage
  try {
    tiff = await fromFile(path)
    image = await tiff.getImage()
  } catch (e) {
    throw new Error(`${path} is not a readable GeoTIFF (${(e as Error).message})`)
  }
  const projection = projectionOf((image.getGeoKeys() ?? {}) as Record<string, unknown>, path)
  const [ox, oy] = image.getOrigin() as [number, number]
  const [rx, ry] = image.getResolution() as [number, number]
  const width = image.getWidth()
  const height = image.getHeight()
  return {
    path,
    width,
    height,
    noData: image.getGDALNoData(),
    toPixel(lon, lat) {
      const [x, y] = projection.inverse([lon, lat])
      return [(x - ox) / rx, (y - oy) / ry]
    },
    async window(x0, y0, x1, y1) {
      const cx0 = Math.max(0, Math.min(width, x0))
      const cy0 = Math.max(0, Math.min(height, y0))
      const cx1 = Math.max(cx0, Math.min(width, x1))
      const cy1 = Math.max(cy0, Math.min(height, y1))
      if (cx1 === cx0 || cy1 === cy0) return { x0: cx0, y0: cy0, w: 0, h: 0, values: [] }
      const data = await image.readRasters({ window: [cx0, cy0, cx1, cy1], samples: [0], interleave: true })
      return { x0: cx0, y0: cy0, w: cx1 - cx0, h: cy1 - cy0, values: data as unknown as ArrayLike<number> }
    },
    async close() {
      tiff.close?.()
    },
  }
}

/**
 * GeoJSON FeatureCollection, streamed with stream-json: features are assembled one at a time, so a
 * multi-gigabyte file needs no more memory than its largest feature. The old-style `crs` member
 * is honoured when it comes before the features (as GDAL and ArcGIS write it).
 */
import { createReadStream, statSync } from 'node:fs'
import type { Feature } from 'geojson'
import chain from 'stream-chain'
import { parser } from 'stream-json'
import { pick } from 'stream-json/filters/pick.js'
import { streamValues } from 'stream-json/streamers/stream-values.js'
import { crsMemberName } from '../../../formats/geojson'
import type { CrsHint } from './crs'
import { SourceError, type SourceFeature, type SourceFile } from './source'
import { toSourceFeature } from './source-feature'

export function openGeoJson(path: string): SourceFile {
  const size = statSync(path).size
  let read = 0
  let crsName: string | null = null
  let started = false
  const crs = (): CrsHint[] => [{ code: crsName, from: 'the GeoJSON crs member' }]
  async function* features(): AsyncIterable<SourceFeature> {
    const input = createReadStream(path, { highWaterMark: 1 << 20 })
    input.on('data', (chunk) => {
      read += chunk.length
    })
    const pipeline = chain([input, parser(), pick({ filter: /^(crs|features\.\d+)$/ }), streamValues()])
    let n = 0
    try {
      for await (const item of pipeline as AsyncIterable<{ value: unknown }>) {
        const value = item.value as { type?: unknown }
        // The picked `crs` member itself (a feature has the type 'Feature' and a geometry).
        const crsValue = crsMemberName({ crs: value })
        if (crsValue !== null && value.type !== 'Feature' && !('geometry' in value)) {
          if (started) throw new SourceError('the GeoJSON crs member comes after the features; pass --crs EPSG:N')
          crsName = crsValue
          continue
        }
        started = true
        n++
        yield toSourceFeature(value as Feature, n)
      }
    } catch (e) {
      if (e instanceof SourceError) throw e
      throw new SourceError(`${path} is not valid JSON (${(e as Error).message})`)
    } finally {
      input.destroy()
    }
    if (n === 0) throw new SourceError(`${path} has no features (a GeoJSON FeatureCollection is expected)`)
  }
  return {
    format: 'GeoJSON',
    layers: [{ name: null, crs, defaultLonLat: true, attributes: null, count: null, features }],
    progress: () => (size === 0 ? 1 : read / size),
    close: async () => {},
  }
}

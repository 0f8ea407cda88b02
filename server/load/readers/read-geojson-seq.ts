/**
 * GeoJSON text sequences (RFC 8142, `.geojsons`, with RS separators) and newline-delimited GeoJSON
 * (`.geojsonl`, `.ndjson`): one feature per line, read line by line.
 */
import { createReadStream, statSync } from 'node:fs'
import { createInterface } from 'node:readline'
import { crsMemberName } from '../../../formats/geojson'
import { SourceError, type SourceFeature, type SourceFile } from './source'
import { toSourceFeature } from './source-feature'

const RS = String.fromCharCode(0x1e)

export function openGeoJsonSeq(path: string): SourceFile {
  const size = statSync(path).size
  let read = 0
  let crsName: string | null = null
  async function* features(): AsyncIterable<SourceFeature> {
    const input = createReadStream(path, { highWaterMark: 1 << 20 })
    input.on('data', (chunk) => {
      read += chunk.length
    })
    const lines = createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY })
    let n = 0
    let lineNo = 0
    try {
      for await (const raw of lines) {
        lineNo++
        // RFC 8142 puts an RS (0x1E) before each text.
        const line = (raw.startsWith(RS) ? raw.slice(1) : raw).trim()
        if (!line) continue
        let value: unknown
        try {
          value = JSON.parse(line)
        } catch (e) {
          throw new SourceError(`${path} line ${lineNo} is not valid JSON (${(e as Error).message})`)
        }
        // GDAL may write the collection's crs as a first line of its own.
        const crsLine =
          n === 0 && (value as { type?: unknown } | null)?.type !== 'Feature' ? crsMemberName(value) : null
        if (crsLine !== null) {
          crsName = crsLine
          continue
        }
        n++
        yield toSourceFeature(value, n)
      }
    } finally {
      input.destroy()
    }
  }
  return {
    format: 'GeoJSON sequence',
    layers: [
      {
        name: null,
        crs: () => [{ code: crsName, from: 'the GeoJSON crs member' }],
        defaultLonLat: true,
        attributes: null,
        count: null,
        features,
      },
    ],
    progress: () => (size === 0 ? 1 : read / size),
    close: async () => {},
  }
}

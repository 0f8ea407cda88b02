import { describe, expect, it } from 'vitest'
import type { SourceFeature, SourceFile } from '../readers/source'
import { CoercionLog } from './feature-to-row'
import { BATCH_VALUES, fileItems } from './file-items'

/** A layer whose features come from memory: every await resolves as a microtask, as a reader's buffered reads do. */
function memoryFile(count: number, columns = 0, schemaless = false): SourceFile {
  const wide = Array.from({ length: columns }, (_, c) => `C${c + 1}`)
  const feature = (i: number): SourceFeature => ({
    properties: { PIN: `P-${i}`, ...Object.fromEntries(wide.map((c, k) => [c, String((i + k) % 97)])) },
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
  })
  return {
    format: 'memory',
    layers: [
      {
        name: null,
        crs: () => [],
        defaultLonLat: true,
        attributes: schemaless ? null : ['PIN', ...wide],
        count,
        async *features() {
          for (let i = 0; i < count; i++) yield feature(i)
        },
      },
    ],
    close: async () => {},
  }
}

describe('fileItems', () => {
  it('gives the event loop turns while it reads a batch, so a COPY in flight can drain (issue 23)', async () => {
    let turns = 0
    let ticking = true
    const tick = () => {
      turns++
      if (ticking) setImmediate(tick)
    }
    setImmediate(tick)
    const items = fileItems(memoryFile(1000), { mapping: { parcel_id: ['PIN'] }, log: new CoercionLog() })
    const first = await items.next()
    ticking = false
    expect(first.done).toBe(false)
    expect(first.value).toHaveLength(1000)
    // A turn every 100 features: at least 9 within the first batch of 1,000 (none before the change).
    expect(turns).toBeGreaterThanOrEqual(9)
  })

  it('holds fewer features per batch when they are wide, and looks ahead at fewer (issue 39)', async () => {
    // 300 features of 5,001 attributes each, as a 5,000-column assessor table joined makes them:
    // before, one batch of all 300 (1,500,300 values) and, schemaless, 200 read ahead at once.
    for (const schemaless of [false, true]) {
      const sizes: number[] = []
      for await (const batch of fileItems(memoryFile(300, 5_000, schemaless), {
        mapping: { parcel_id: ['PIN'] },
        log: new CoercionLog(),
      })) {
        sizes.push(batch.length)
      }
      expect(sizes.reduce((a, b) => a + b, 0)).toBe(300)
      const perBatch = Math.ceil(BATCH_VALUES / 5_001)
      expect(Math.max(...sizes), `schemaless ${schemaless}: ${sizes.join(' ')}`).toBeLessThanOrEqual(perBatch)
    }
    // A narrow file keeps its batches of 1,000.
    const narrow: number[] = []
    for await (const batch of fileItems(memoryFile(2_500, 20), {
      mapping: { parcel_id: ['PIN'] },
      log: new CoercionLog(),
    })) {
      narrow.push(batch.length)
    }
    expect(narrow).toEqual([1000, 1000, 500])
  })
})

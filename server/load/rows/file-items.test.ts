import { describe, expect, it } from 'vitest'
import type { SourceFeature, SourceFile } from '../readers/source'
import { CoercionLog } from './feature-to-row'
import { fileItems } from './file-items'

/** A layer whose features come from memory: every await resolves as a microtask, as a reader's buffered reads do. */
function memoryFile(count: number): SourceFile {
  const feature = (i: number): SourceFeature => ({
    properties: { PIN: `P-${i}` },
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
        attributes: ['PIN'],
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
})

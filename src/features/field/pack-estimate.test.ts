import { describe, expect, it } from 'vitest'
import { estimatePack, formatBytes, recordBytes, TYPICAL_TILE_BYTES } from './pack-estimate'

describe('estimatePack', () => {
  it('is tile count × the typical size of each zoom, plus the records’ JSON', () => {
    const tiles = [
      { z: 10, x: 0, y: 0 },
      { z: 16, x: 0, y: 0 },
      { z: 16, x: 1, y: 0 },
    ]
    const records = [{ svc_uuid: 'a' }, { svc_uuid: 'b' }]
    const e = estimatePack(tiles, records)
    expect(e.tiles).toBe(3)
    expect(e.tileBytes).toBe((TYPICAL_TILE_BYTES[10] ?? 0) + 2 * (TYPICAL_TILE_BYTES[16] ?? 0))
    expect(e.recordBytes).toBe(2 * JSON.stringify({ svc_uuid: 'a' }).length)
    expect(e.totalBytes).toBe(e.tileBytes + e.recordBytes)
  })

  it('samples many records instead of serialising all of them', () => {
    const records = Array.from({ length: 10_000 }, (_, i) => ({ svc_uuid: String(i).padStart(5, '0') }))
    expect(recordBytes(records)).toBe(10_000 * JSON.stringify({ svc_uuid: '00000' }).length)
    expect(recordBytes([])).toBe(0)
  })

  it('formats sizes for people', () => {
    expect(formatBytes(512)).toBe('512 B')
    expect(formatBytes(2048)).toBe('2 KB')
    expect(formatBytes(5.25 * 1024 * 1024)).toBe('5.3 MB')
    expect(formatBytes(3 * 1024 ** 3)).toBe('3.00 GB')
  })
})

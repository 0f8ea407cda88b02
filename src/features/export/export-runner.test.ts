import { describe, expect, it } from 'vitest'
import type { ParcelRecord } from '../../../contract/schemas'
import { buildExport, csvFormat } from './export-formats'
import { runExport } from './export-runner'

const records: ParcelRecord[] = Array.from({ length: 20_000 }, (_, i) => ({
  svc_uuid: `id-${i}`,
  owner: i % 7 === 0 ? `=CMD|${i}` : `Owner ${i}, "LLC"`,
  acres: i / 3,
  situs: `${i} Road\nApt 2`,
}))

describe('runExport', () => {
  it('exports 20,000 records to CSV in chunks and yields to the event loop meanwhile', async () => {
    let timerRanAt = -1
    let doneCalls = 0
    const progress: number[] = []
    setTimeout(() => {
      timerRanAt = doneCalls
    }, 0)
    const parts = await runExport(records, csvFormat(['svc_uuid', 'owner', 'acres', 'situs'], false), {
      chunkSize: 500,
      onProgress: (done, total) => {
        expect(total).toBe(20_000)
        progress.push(done)
        doneCalls = done
      },
    })
    // The timer was queued before the export began and still ran before it finished.
    expect(timerRanAt).toBeGreaterThanOrEqual(0)
    expect(timerRanAt).toBeLessThan(20_000)
    expect(progress.at(-1)).toBe(20_000)
    expect(progress.length).toBe(41)
    const text = parts.join('')
    // Header + one CRLF per record + the trailing ''; the LF inside `situs` is quoted, not a row end.
    expect(text.split('\r\n').length).toBe(20_002)
    expect(text).toContain("id-0,'=CMD|0,0,")
  })

  it('stops with an AbortError when cancelled', async () => {
    const controller = new AbortController()
    const run = runExport(records, csvFormat(['svc_uuid']), {
      signal: controller.signal,
      onProgress: (done) => {
        if (done >= 1000) controller.abort()
      },
    })
    await expect(run).rejects.toMatchObject({ name: 'AbortError' })
  })

  it('skips nothing and builds a Blob with a dated file name', async () => {
    const file = await buildExport({
      kind: 'csv-all',
      records: records.slice(0, 3),
      visibleColumns: [],
      searchSummary: 'Story County IA',
    })
    expect(file.fileName).toMatch(/^plat-story-county-ia-\d{4}-\d{2}-\d{2}\.csv$/)
    const text = await file.blob.text()
    expect(text.startsWith('owner,')).toBe(true) // Blob.text() drops the BOM when decoding
  })
})

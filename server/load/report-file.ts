/**
 * The load report next to the input (`FILE.load-report.csv`): one row per repaired or rejected
 * feature and per field with unreadable values, so nothing leaves the load without a trace. CSV
 * because the people who read it open it in a spreadsheet.
 */
import { createWriteStream, type WriteStream } from 'node:fs'
import type { CoercionLog } from './rows/feature-to-row'

const cell = (v: unknown): string => {
  const s = v === null || v === undefined ? '' : String(v)
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s
}

export class ReportFile {
  private readonly out: WriteStream
  constructor(readonly path: string) {
    this.out = createWriteStream(path)
    this.out.write('feature,layer,parcel_id,action,reason\n')
  }

  line(e: { feature: number | null; layer: string | null; parcel_id: string | null; action: string; reason: string }) {
    this.out.write(`${[e.feature, e.layer, e.parcel_id, e.action, e.reason].map(cell).join(',')}\n`)
  }

  /** One row per field whose values could not be read, with the count and a few examples. */
  coercions(log: CoercionLog): void {
    for (const [field, { count, examples }] of log.failures) {
      const shown = examples.map((x) => `feature ${x.feature}: "${x.value}"`).join('; ')
      this.line({
        feature: null,
        layer: null,
        parcel_id: null,
        action: 'set to null',
        reason: `${field}: ${count} value(s) could not be read as its type (${shown})`,
      })
    }
  }

  close(): Promise<void> {
    return new Promise((ok, fail) => this.out.end((e?: Error | null) => (e ? fail(e) : ok())))
  }
}

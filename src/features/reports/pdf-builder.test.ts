import { execFileSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { layoutReport } from './layout'
import { PAPERS } from './paper'
import { buildReportPdf } from './pdf-builder'
import './report-fonts.test-support'
import type { ReportDocument } from './report-model'

const doc: ReportDocument = {
  kind: 'search',
  title: 'Search report',
  heading: 'Acres ≥ 40, slope ≤ 5 %',
  printed: 'Printed today',
  source: 'Data: Story County, IA',
  fileName: 'search',
  blocks: [
    {
      kind: 'table',
      title: 'Results',
      columns: [
        { label: 'Owner', align: 'left', weight: 220 },
        { label: 'Acres', align: 'right', weight: 100 },
      ],
      rows: [
        ['MÜLLER JOSÉ & FRANÇOISE', '40.5 ± 0.1'],
        ['DVOŘÁK ŁUKASZ', '2 × 20'],
        ['王 FARMS', '1'],
      ],
    },
  ],
}

/** The PDF's text as pdftotext reads it (poppler is installed on every machine of the project). */
function pdfText(bytes: Uint8Array): string {
  const file = join(mkdtempSync(join(tmpdir(), 'plat-pdf-')), 'r.pdf')
  writeFileSync(file, bytes)
  return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' })
}

describe('the report PDF', () => {
  it('embeds the report font: ≥ ≤ ± × and accented names read back as themselves, a missing glyph as "?"', async () => {
    const bytes = await buildReportPdf(layoutReport(doc, PAPERS.letter), {}, { title: doc.title, subject: doc.heading })
    const text = pdfText(bytes)
    for (const s of [
      'Acres ≥ 40, slope ≤ 5 %',
      'MÜLLER JOSÉ & FRANÇOISE',
      '40.5 ± 0.1',
      'DVOŘÁK ŁUKASZ',
      '2 × 20',
      '? FARMS',
    ])
      expect(text).toContain(s)
    // A subset: a few dozen glyphs, not DejaVu's 6,000 (~750 KB).
    expect(bytes.byteLength).toBeLessThan(120_000)
  })
})

import { describe, expect, it } from 'vitest'
import { layoutReport } from './layout'
import { PAPERS } from './paper'
import { parcelReport } from './parcel-report'
import { parcelInput } from './report-fixtures.test-support'
import type { LaidItem, LaidTable, LaidText, ReportDocument } from './report-model'

const texts = (items: readonly LaidItem[]) => items.filter((i): i is LaidText => i.t === 'text').map((i) => i.text)
const tables = (items: readonly LaidItem[]) => items.filter((i): i is LaidTable => i.t === 'table')

function tableDoc(rows: number): ReportDocument {
  return {
    kind: 'search',
    title: 'Search report',
    heading: 'Story County, IA',
    printed: 'Printed today',
    source: 'Data: Story County, IA, loaded 2026-11-20',
    fileName: 'search',
    blocks: [
      { kind: 'paragraph', text: 'Within 1 area (Story County, IA).' },
      {
        kind: 'table',
        title: 'Results',
        columns: [
          { label: 'Owner', align: 'left', weight: 220 },
          { label: 'Acres', align: 'right', weight: 100 },
        ],
        rows: Array.from({ length: rows }, (_, i) => [`OWNER ${i + 1}`, String(i)]),
      },
    ],
  }
}

describe('report layout', () => {
  it('lays the parcel report on one page, on Letter and on A4, within the margins', () => {
    for (const paper of [PAPERS.letter, PAPERS.a4]) {
      const pages = layoutReport(parcelReport(parcelInput()), paper)
      expect(pages).toHaveLength(1)
      const page = pages[0]!
      expect(texts(page.items)).toContain('JOHNSON FAMILY FARMS LLC')
      expect(texts(page.items)).toContain('Page 1 of 1')
      for (const i of page.items)
        if (i.t === 'text') {
          expect(i.x).toBeGreaterThanOrEqual(36)
          expect(i.x + i.w).toBeLessThanOrEqual(paper.width - 36 + 0.01)
          expect(i.y + i.lineHeight).toBeLessThanOrEqual(paper.height - 36 + 0.01)
        }
      const map = page.items.find((i) => i.t === 'map')
      expect(map).toMatchObject({ id: 'parcel', w: paper.width - 72, h: 240 })
      expect(page.items.some((i) => i.t === 'qr')).toBe(true)
    }
  })

  it('breaks a 2,000-row table over pages, the header on every page, no row lost or doubled', () => {
    const pages = layoutReport(tableDoc(2000), PAPERS.letter)
    expect(pages.length).toBeGreaterThan(20)
    const parts = pages.map((p) => tables(p.items))
    expect(parts.every((t) => t.length === 1)).toBe(true)
    const all = parts.flatMap((t) => t.flatMap((x) => x.rows.map((r) => r[0])))
    expect(all).toHaveLength(2000)
    expect(all[0]).toBe('OWNER 1')
    expect(all.at(-1)).toBe('OWNER 2000')
    expect(new Set(all).size).toBe(2000)
    for (const [i, p] of pages.entries()) {
      const t = tables(p.items)[0]!
      expect(t.header).toEqual(['Owner', 'Acres'])
      expect(t.firstRow).toBe(parts.slice(0, i).reduce((s, x) => s + (x[0]?.rows.length ?? 0), 0))
      // The table ends above the footer; the footer numbers the page.
      expect(t.y + t.headerHeight + t.rows.length * t.rowHeight).toBeLessThanOrEqual(792 - 36 - 18 + 0.01)
      expect(texts(p.items)).toContain(`Page ${i + 1} of ${pages.length}`)
    }
    // Continuation pages say whose they are.
    expect(texts(pages[1]!.items).some((t) => t.includes('Story County, IA (continued)'))).toBe(true)
  })

  it('fills a page with fixed-height rows: page 2 holds as many as its room allows', () => {
    const pages = layoutReport(tableDoc(300), PAPERS.letter)
    const t = tables(pages[1]!.items)[0]!
    const room = 792 - 36 - 18 - t.y
    expect(t.rows.length).toBe(Math.floor((room - t.headerHeight) / t.rowHeight))
  })
})

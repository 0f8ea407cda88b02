import { readFileSync } from 'node:fs'
import fontkit from '@pdf-lib/fontkit'
import { describe, expect, it } from 'vitest'
import { readFontMetrics } from './font-metrics'
import { REPORT_FONT_PATHS } from './report-fonts.test-support'

describe('font metrics read from the TrueType tables', () => {
  it.each(Object.entries(REPORT_FONT_PATHS))('%s: every glyph and advance as fontkit reads them', (_, path) => {
    const bytes = readFileSync(path)
    const ours = readFontMetrics(new Uint8Array(bytes))
    const theirs = fontkit.create(bytes)
    const wrong: string[] = []
    // Latin through the arrows, math and box drawing the reports print, and one plane-1 range.
    for (const cp of [...range(0, 0x2600), ...range(0x1d400, 0x1d500)]) {
      const id = theirs.hasGlyphForCodePoint(cp) ? theirs.glyphForCodePoint(cp).id : 0
      const same = ours.glyph(cp) === id && (id === 0 || ours.advance(id) === theirs.getGlyph(id).advanceWidth)
      if (!same) wrong.push(cp.toString(16))
    }
    expect(wrong).toEqual([])
    expect(ours.unitsPerEm).toBe(theirs.unitsPerEm)
    expect(ours.ascent).toBeCloseTo(theirs.ascent / theirs.unitsPerEm, 6)
    expect(ours.descent).toBeCloseTo(-theirs.descent / theirs.unitsPerEm, 6)
  })
})

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from }, (_, i) => from + i)
}

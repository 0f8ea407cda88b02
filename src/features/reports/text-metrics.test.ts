import { describe, expect, it } from 'vitest'
import './report-fonts.test-support'
import { baselineOffset, fitText, printable, textWidth, wrapText } from './text-metrics'

describe('text metrics (DejaVu Sans, as the PDF embeds it and the HTML draws it)', () => {
  it('measures by the font’s own widths: "i" is narrow, "W" wide, bold wider, "≥" its own', () => {
    expect(textWidth('iiii', 10)).toBeCloseTo((4 * 569 * 10) / 2048, 3) // DejaVu Sans i = 569 of 2048 units
    expect(textWidth('W', 10)).toBeCloseTo((2025 * 10) / 2048, 3)
    expect(textWidth('≥', 10)).toBeCloseTo((1716 * 10) / 2048, 3)
    expect(textWidth('Owner', 10, 'bold')).toBeGreaterThan(textWidth('Owner', 10))
  })

  it('puts the baseline where CSS centres DejaVu’s ascent and descent in the line box', () => {
    // hhea ascender 1901, descender −483 of 2048 units.
    expect(baselineOffset(12, 10)).toBeCloseTo((12 - (2384 / 2048) * 10) / 2 + (1901 / 2048) * 10, 6)
  })

  it('cuts with an ellipsis only when the text does not fit', () => {
    expect(fitText('Corn', 100, 8)).toBe('Corn')
    const cut = fitText('JOHNSON FAMILY FARMS LIMITED LIABILITY COMPANY', 80, 8)
    expect(cut.endsWith('…')).toBe(true)
    expect(textWidth(cut, 8)).toBeLessThanOrEqual(80)
  })

  it('wraps at spaces, breaks a long link inside it, and ends a cut-off last line with an ellipsis', () => {
    const lines = wrapText('1234 COUNTY ROAD E18, AMES IA 50010', 90, 8)
    expect(lines.length).toBeGreaterThan(1)
    for (const l of lines) expect(textWidth(l, 8)).toBeLessThanOrEqual(90)
    const url = `https://plat.example/?${'a'.repeat(300)}`
    const urlLines = wrapText(url, 120, 7)
    expect(urlLines.join('')).toBe(url)
    const two = wrapText('one two three four five six seven eight nine ten', 40, 8, 'normal', 2)
    expect(two).toHaveLength(2)
    expect(two[1]?.endsWith('…')).toBe(true)
  })

  it('keeps what the font draws (accents, ≥ ≤ ± ×, Greek), unaccents what it lacks, and marks the rest', () => {
    expect(printable('Müller Ærø Dvořák Łódź')).toBe('Müller Ærø Dvořák Łódź')
    expect(printable('Acres ≥ 40, ≤ 5, ± 0.5, 2 × 3, Δ')).toBe('Acres ≥ 40, ≤ 5, ± 0.5, 2 × 3, Δ')
    expect(printable('王 Farms')).toBe('? Farms')
    expect(printable('line\nbreak')).toBe('line break')
  })
})

import { describe, expect, it } from 'vitest'
import { fitText, printable, textWidth, wrapText } from './text-metrics'

describe('text metrics (Helvetica, as the PDF draws and Arial prints)', () => {
  it('measures by the font’s own widths: "i" is narrow, "W" wide, bold wider', () => {
    expect(textWidth('iiii', 10)).toBeCloseTo(4 * 2.22, 2) // Helvetica i = 222 units
    expect(textWidth('W', 10)).toBeCloseTo(9.44, 2)
    expect(textWidth('Owner', 10, 'bold')).toBeGreaterThan(textWidth('Owner', 10))
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

  it('keeps Latin-1 (Müller, Ærø), unaccents what the standard fonts lack, and marks the rest', () => {
    expect(printable('Müller Ærø')).toBe('Müller Ærø')
    expect(printable('Dvořák')).toBe('Dvorák') // á is Latin-1, ř is not
    expect(printable('王 Farms')).toBe('? Farms')
    expect(printable('line\nbreak')).toBe('line break')
  })
})

/**
 * Text widths for the report layout, from the metrics of the font both renderers draw in: DejaVu
 * Sans (report-fonts.ts loads it with the first report and hands its metrics here). The PDF embeds
 * a subset of it and the printed HTML draws in it, so text cut to fit here fits in both. The
 * font covers Latin, Greek, Cyrillic and the symbols the data and the app use (≥ ≤ ± ×); `printable`
 * maps a character it lacks to its unaccented letter or "?", so both renderers print the same.
 */
import type { FontMetrics } from './font-metrics'

export type FontWeight = 'normal' | 'bold'

export type ReportFontMetrics = Readonly<Record<FontWeight, FontMetrics>>

let fonts: ReportFontMetrics | null = null
const widthCache = new Map<string, number>()

/** The fonts text is measured in from now on (report-fonts.ts, once their files are loaded). */
export function setFontMetrics(metrics: ReportFontMetrics): void {
  fonts = metrics
  widthCache.clear()
}

function font(weight: FontWeight): FontMetrics {
  if (!fonts) throw new Error('The report font is not loaded yet.')
  return fonts[weight]
}

const ELLIPSIS = '…'

/** Both weights draw it (a "?" in place of a missing glyph would print in one and not the other). */
const drawable = (ch: string): boolean => {
  const cp = ch.codePointAt(0) as number
  return font('normal').glyph(cp) !== 0 && font('bold').glyph(cp) !== 0
}

/** Text the report font can draw: accents stripped where needed, other characters replaced by "?". */
export function printable(text: string): string {
  let out = ''
  for (const ch of text.replace(/[\t\n\r]+/g, ' ')) {
    if (drawable(ch)) {
      out += ch
      continue
    }
    const base = ch.normalize('NFKD').replace(/[\u0300-\u036f]/g, '')
    out += base && [...base].every(drawable) ? base : '?'
  }
  return out
}

/** Advance of one character in thousandths of the font size (printable text: the glyph exists). */
function glyphWidth(ch: string, weight: FontWeight): number {
  const key = weight === 'bold' ? `b${ch}` : ch
  const cached = widthCache.get(key)
  if (cached !== undefined) return cached
  const f = font(weight)
  const glyph = f.glyph(ch.codePointAt(0) as number) || f.glyph(0x3f)
  const w = (f.advance(glyph) * 1000) / f.unitsPerEm
  widthCache.set(key, w)
  return w
}

/** Width in points of `text` (already printable) at `size` points. */
export function textWidth(text: string, size: number, weight: FontWeight = 'normal'): number {
  let units = 0
  for (const ch of text) units += glyphWidth(ch, weight)
  return (units * size) / 1000
}

/** The text cut to `width` with an ellipsis when it does not fit. */
export function fitText(text: string, width: number, size: number, weight: FontWeight = 'normal'): string {
  const t = printable(text)
  if (textWidth(t, size, weight) <= width) return t
  const room = width - textWidth(ELLIPSIS, size, weight)
  let used = 0
  let out = ''
  for (const ch of t) {
    const w = (glyphWidth(ch, weight) * size) / 1000
    if (used + w > room) break
    used += w
    out += ch
  }
  return `${out.trimEnd()}${ELLIPSIS}`
}

/**
 * Lines of `text` no wider than `width`: broken at spaces, and inside a word only when the word
 * alone is wider (a long link). At most `maxLines`; the last one ends in an ellipsis when cut.
 */
export function wrapText(
  text: string,
  width: number,
  size: number,
  weight: FontWeight = 'normal',
  maxLines = Number.POSITIVE_INFINITY,
): string[] {
  const lines: string[] = []
  let line = ''
  const push = (l: string) => lines.push(l)
  for (const word of printable(text).split(/ +/)) {
    const candidate = line ? `${line} ${word}` : word
    if (textWidth(candidate, size, weight) <= width) {
      line = candidate
      continue
    }
    if (line) push(line)
    line = ''
    // A word wider than the line (a URL): break it where it must.
    let rest = word
    while (textWidth(rest, size, weight) > width) {
      let cut = 0
      let used = 0
      for (const ch of rest) {
        const w = (glyphWidth(ch, weight) * size) / 1000
        if (used + w > width) break
        used += w
        cut += ch.length
      }
      push(rest.slice(0, Math.max(1, cut)))
      rest = rest.slice(Math.max(1, cut))
    }
    line = rest
  }
  if (line) push(line)
  if (lines.length <= maxLines) return lines
  const kept = lines.slice(0, maxLines)
  kept[maxLines - 1] = fitText(`${kept[maxLines - 1]} ${lines[maxLines]}`, width, size, weight)
  if (!kept[maxLines - 1]?.endsWith(ELLIPSIS)) kept[maxLines - 1] = `${kept[maxLines - 1]}${ELLIPSIS}`
  return kept
}

/** Where a line's baseline sits in its line box (CSS centres the font's ascent + descent in it). */
export function baselineOffset(lineHeight: number, size: number): number {
  const { ascent, descent } = font('normal')
  return (lineHeight - (ascent + descent) * size) / 2 + ascent * size
}

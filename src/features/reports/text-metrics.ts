/**
 * Text widths for the report layout, from the metrics of the PDF standard fonts Helvetica and
 * Helvetica-Bold (Adobe's AFM files, as pdf-lib ships them). The PDF is drawn in those fonts and the
 * printed HTML in Arial / Liberation Sans, which share Helvetica's widths, so text cut to fit here
 * fits in both. The standard fonts encode WinAnsi (Latin-1 and a few more) only: `printable` maps
 * anything else to its unaccented letter or "?", so both renderers print the same characters.
 */
import { Encodings, Font, FontNames } from '@pdf-lib/standard-fonts'

export type FontWeight = 'normal' | 'bold'

const fonts = {
  normal: Font.load(FontNames.Helvetica),
  bold: Font.load(FontNames.HelveticaBold),
}
const winAnsi = Encodings.WinAnsi

/** Line box a CSS `line-height: normal` would give Arial (ascent 0.905, descent 0.212 of the size). */
const ASCENT = 0.905
const DESCENT = 0.212

const ELLIPSIS = '…'

/** Text the standard fonts can draw: accents stripped where needed, other characters replaced by "?". */
export function printable(text: string): string {
  let out = ''
  for (const ch of text.replace(/[\t\n\r]+/g, ' ')) {
    const cp = ch.codePointAt(0) as number
    if (winAnsi.canEncodeUnicodeCodePoint(cp)) {
      out += ch
      continue
    }
    const base = ch.normalize('NFKD').replace(/[\u0300-\u036f]/g, '')
    out += [...base].every((c) => winAnsi.canEncodeUnicodeCodePoint(c.codePointAt(0) as number)) && base ? base : '?'
  }
  return out
}

const widthCache = new Map<string, number>()

function glyphWidth(ch: string, weight: FontWeight): number {
  const key = weight === 'bold' ? `b${ch}` : ch
  const cached = widthCache.get(key)
  if (cached !== undefined) return cached
  const cp = ch.codePointAt(0) as number
  const name = winAnsi.canEncodeUnicodeCodePoint(cp) ? winAnsi.encodeUnicodeCodePoint(cp).name : 'question'
  const w = (fonts[weight].getWidthOfGlyph(name) as number | undefined) ?? 556
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
  return (lineHeight - (ASCENT + DESCENT) * size) / 2 + ASCENT * size
}

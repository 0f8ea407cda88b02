/**
 * What the layout needs of a TrueType font, read straight from its tables (head, hhea, hmtx and a
 * Unicode cmap of format 4 or 12): the glyph widths and the line's ascent and descent. fontkit
 * reads the same, but it is ~700 KB of script that only the PDF needs (to embed a subset), so the
 * preview loads this instead.
 */
export interface FontMetrics {
  unitsPerEm: number
  /** Above the baseline, in ems (hhea, as browsers on Linux and macOS size a line box). */
  ascent: number
  /** Below the baseline, in ems, positive. */
  descent: number
  /** The glyph the font draws for a code point; 0 (.notdef) when it has none. */
  glyph(cp: number): number
  /** Advance width of a glyph, in font units. */
  advance(glyph: number): number
}

type Lookup = (cp: number) => number

function cmapFormat12(v: DataView, at: number): Lookup {
  const groups = v.getUint32(at + 12)
  return (cp) => {
    let lo = 0
    let hi = groups - 1
    while (lo <= hi) {
      const mid = (lo + hi) >> 1
      const g = at + 16 + 12 * mid
      if (cp < v.getUint32(g)) hi = mid - 1
      else if (cp > v.getUint32(g + 4)) lo = mid + 1
      else return v.getUint32(g + 8) + cp - v.getUint32(g)
    }
    return 0
  }
}

function cmapFormat4(v: DataView, at: number): Lookup {
  const segX2 = v.getUint16(at + 6)
  const ends = at + 14
  const starts = ends + segX2 + 2
  const deltas = starts + segX2
  const ranges = deltas + segX2
  return (cp) => {
    if (cp > 0xffff) return 0
    // Segments are sorted by end code: the first ending at or after cp is the only one that can hold it.
    for (let s = 0; s < segX2; s += 2) {
      if (cp > v.getUint16(ends + s)) continue
      const start = v.getUint16(starts + s)
      if (cp < start) return 0
      const delta = v.getUint16(deltas + s)
      const offset = v.getUint16(ranges + s)
      if (offset === 0) return (cp + delta) & 0xffff
      const g = v.getUint16(ranges + s + offset + 2 * (cp - start))
      return g === 0 ? 0 : (g + delta) & 0xffff
    }
    return 0
  }
}

function unicodeCmap(v: DataView, cmap: number): Lookup {
  let format4 = -1
  let format12 = -1
  for (let i = 0; i < v.getUint16(cmap + 2); i++) {
    const rec = cmap + 4 + 8 * i
    const platform = v.getUint16(rec)
    const encoding = v.getUint16(rec + 2)
    const sub = cmap + v.getUint32(rec + 4)
    const unicode = platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10))
    if (!unicode) continue
    const format = v.getUint16(sub)
    if (format === 12) format12 = sub
    else if (format === 4) format4 = sub
  }
  if (format12 >= 0) return cmapFormat12(v, format12)
  if (format4 >= 0) return cmapFormat4(v, format4)
  throw new Error('The font has no Unicode character map.')
}

export function readFontMetrics(bytes: Uint8Array): FontMetrics {
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const tables = new Map<string, number>()
  for (let i = 0; i < v.getUint16(4); i++) {
    const rec = 12 + 16 * i
    tables.set(String.fromCharCode(...bytes.subarray(rec, rec + 4)), v.getUint32(rec + 8))
  }
  const table = (tag: string): number => {
    const at = tables.get(tag)
    if (at === undefined) throw new Error(`The font has no ${tag} table.`)
    return at
  }
  const head = table('head')
  const hhea = table('hhea')
  const hmtx = table('hmtx')
  const unitsPerEm = v.getUint16(head + 18)
  const metrics = v.getUint16(hhea + 34)
  return {
    unitsPerEm,
    ascent: v.getInt16(hhea + 4) / unitsPerEm,
    descent: -v.getInt16(hhea + 6) / unitsPerEm,
    glyph: unicodeCmap(v, table('cmap')),
    // Glyphs past the last full metric share its advance (monospaced tails).
    advance: (glyph) => v.getUint16(hmtx + 4 * Math.min(glyph, metrics - 1)),
  }
}

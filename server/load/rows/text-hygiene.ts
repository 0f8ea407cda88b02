/**
 * Text values as dirty county files hold them → text every index and JSON column accepts (issue 19:
 * one NUL byte in a dBASE field, common in NUL-padded fields, failed a whole load with "unsupported
 * Unicode escape sequence"; one 3,000-byte owner failed it with "index row size … exceeds btree
 * maximum"). Control characters are stripped and over-long values cut, each counted per field for
 * the load report: the value is kept, readable, and the load goes on.
 */

/**
 * The longest text value a load keeps, in UTF-8 bytes: under PostgreSQL's btree limit (2,704 bytes
 * a row) with room to spare, and longer than any real owner, address or legal description.
 */
export const TEXT_MAX_BYTES = 2_000

/** C0 controls but tab, line feed and carriage return, and DEL: NUL padding, stray escape codes. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g

export interface CleanText {
  text: string
  /** control characters removed */
  stripped: number
  /** true when the value was cut to TEXT_MAX_BYTES */
  cut: boolean
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const HAS_CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/

function cleanText(value: string, maxBytes = TEXT_MAX_BYTES): CleanText {
  let stripped = 0
  // Most values are clean and short: test before replacing, and count bytes only when the
  // UTF-16 length could exceed the limit (a UTF-16 unit is at most 3 UTF-8 bytes).
  let text = HAS_CONTROL.test(value)
    ? value.replace(CONTROL, () => {
        stripped++
        return ''
      })
    : value
  let cut = false
  if (text.length * 3 > maxBytes && Buffer.byteLength(text) > maxBytes) {
    cut = true
    text = cutToBytes(text, maxBytes)
  }
  return { text, stripped, cut }
}

/** The longest prefix of whole characters (code points) that fits in `maxBytes` of UTF-8. */
function cutToBytes(text: string, maxBytes: number): string {
  let bytes = 0
  let end = 0
  for (const ch of text) {
    const size = Buffer.byteLength(ch)
    if (bytes + size > maxBytes) break
    bytes += size
    end += ch.length
  }
  return text.slice(0, end)
}

/** Per field: values with control characters stripped, and values cut, with the first features. */
export class TextHygieneLog {
  readonly stripped = new Map<string, { values: number; chars: number; features: number[] }>()
  readonly cut = new Map<string, { values: number; features: number[] }>()
  /** binary values (a FileGDB Binary field, a GeoPackage BLOB) kept as base64, and those too long to keep */
  readonly binary = new Map<string, { kept: number; unreadable: number; features: number[] }>()

  /**
   * A binary value of an unmapped attribute: kept as base64 text when that fits TEXT_MAX_BYTES
   * (issue 39: a FileGDB Binary field became null in every record, uncounted), else null and
   * counted as unreadable, since a cut base64 value would be no value at all.
   */
  keepBinary(field: string, feature: number, bytes: Uint8Array): string | null {
    const e = this.binary.get(field) ?? { kept: 0, unreadable: 0, features: [] }
    this.binary.set(field, e)
    if (Math.ceil(bytes.length / 3) * 4 > TEXT_MAX_BYTES) {
      e.unreadable++
      if (e.features.length < 5) e.features.push(feature)
      return null
    }
    e.kept++
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64')
  }

  /** Cleans `value` of `field` in `feature`, counting what was done. */
  clean(field: string, feature: number, value: string): string {
    const c = cleanText(value)
    if (c.stripped) {
      const e = this.stripped.get(field) ?? { values: 0, chars: 0, features: [] }
      e.values++
      e.chars += c.stripped
      if (e.features.length < 5) e.features.push(feature)
      this.stripped.set(field, e)
    }
    if (c.cut) {
      const e = this.cut.get(field) ?? { values: 0, features: [] }
      e.values++
      if (e.features.length < 5) e.features.push(feature)
      this.cut.set(field, e)
    }
    return c.text
  }

  /** A value kept as is from the source (an unmapped attribute): strings cleaned, nesting walked. */
  cleanDeep(field: string, feature: number, value: unknown, depth = 0): unknown {
    if (typeof value === 'string') return this.clean(field, feature, value)
    if (depth > 8 || value === null || typeof value !== 'object') return value
    if (Array.isArray(value)) return value.map((v) => this.cleanDeep(field, feature, v, depth + 1))
    const out: Record<string, unknown> = {}
    for (const [k, v] of Object.entries(value))
      out[this.clean(field, feature, k)] = this.cleanDeep(field, feature, v, depth + 1)
    return out
  }

  /** Summary lines for the CLI ("owner 3 (feature 12, …)"), empty when nothing was done. */
  summary(): { stripped: string; cut: string; base64: string; unreadable: string } {
    const list = (m: Map<string, { values: number }>) =>
      [...m].map(([field, e]) => `${field} ${e.values.toLocaleString('en-US')}`).join(', ')
    const binary = (pick: 'kept' | 'unreadable') =>
      [...this.binary]
        .filter(([, e]) => e[pick] > 0)
        .map(([field, e]) => `${field} ${e[pick].toLocaleString('en-US')}`)
        .join(', ')
    return {
      stripped: list(this.stripped),
      cut: list(this.cut),
      base64: binary('kept'),
      unreadable: binary('unreadable'),
    }
  }

  /** Report rows, one per field. */
  reportLines(): { action: string; reason: string }[] {
    const at = (features: number[]) => `feature ${features.join(', ')}${features.length === 5 ? ', …' : ''}`
    return [
      ...[...this.stripped].map(([field, e]) => ({
        action: 'control characters stripped',
        reason: `${field}: ${e.chars} control character(s) removed from ${e.values} value(s) (${at(e.features)})`,
      })),
      ...[...this.cut].map(([field, e]) => ({
        action: 'cut',
        reason: `${field}: ${e.values} value(s) longer than ${TEXT_MAX_BYTES} bytes cut to ${TEXT_MAX_BYTES} (${at(e.features)})`,
      })),
      ...[...this.binary]
        .filter(([, e]) => e.unreadable > 0)
        .map(([field, e]) => ({
          action: 'binary value unreadable',
          reason: `${field}: ${e.unreadable} binary value(s) too long to keep as base64 text (${at(e.features)})`,
        })),
    ]
  }
}

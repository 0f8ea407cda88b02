/**
 * Bytes of assessor tables as offices export them → text (issue 39: a UTF-8 BOM on a Windows-1252
 * CSV stayed in its header, "ï»¿PIN", and the load failed "no such column"; a CSV mixing UTF-8 and
 * Latin-1 rows was read whole as one or the other, garbling 300 owner names). Each value is read as
 * UTF-8 where its bytes are valid UTF-8, else as Windows-1252 (the superset of Latin-1 that Windows
 * programs write), and the values that needed that fallback are counted for the load summary.
 * Values arrive as "binary strings" (one char per byte, Node's 'latin1'), so a CSV parser can split
 * rows and fields on ASCII delimiters before any value is decoded.
 */

const UTF8 = new TextDecoder('utf-8', { fatal: true })
/**
 * Windows-1252's 0x80–0x9F (the rest is Latin-1, one code point per byte). Written out: Node's
 * TextDecoder('windows-1252') decodes these as Latin-1's control codes (nodejs/node#56542).
 */
const HIGH_1252 =
  '\u20AC\u0081\u201A\u0192\u201E\u2026\u2020\u2021\u02C6\u2030\u0160\u2039\u0152\u008D\u017D\u008F' +
  '\u0090\u2018\u2019\u201C\u201D\u2022\u2013\u2014\u02DC\u2122\u0161\u203A\u0153\u009D\u017E\u0178'
const C1 = /[\u0080-\u009F]/g
const windows1252 = (binary: string) => binary.replace(C1, (c) => HIGH_1252[c.charCodeAt(0) - 0x80]!)
const NON_ASCII = /[\u0080-\u00FF]/

/** The byte order marks a text file may start with, and the encoding each announces. */
export function bomOf(head: Uint8Array): { bytes: number; encoding: 'utf8' | 'utf16le' | 'utf16be' } | null {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return { bytes: 3, encoding: 'utf8' }
  if (head[0] === 0xff && head[1] === 0xfe) return { bytes: 2, encoding: 'utf16le' }
  if (head[0] === 0xfe && head[1] === 0xff) return { bytes: 2, encoding: 'utf16be' }
  return null
}

/** Decodes binary strings value by value, counting the Windows-1252 fallbacks. */
export class ValueDecoder {
  /** values whose bytes were not valid UTF-8, read as Windows-1252 */
  fallbacks = 0

  decode(binary: string): string {
    if (!NON_ASCII.test(binary)) return binary
    const bytes = Buffer.from(binary, 'latin1')
    try {
      return UTF8.decode(bytes)
    } catch {
      this.fallbacks++
      return windows1252(binary)
    }
  }
}

/**
 * How deep a request body's JSON may nest. The deepest body the spec allows is an area request
 * (FeatureCollection → features → Feature → geometry → coordinates → polygon → ring → position:
 * 8 levels); 32 leaves room for any reasonable client and keeps every later walk of the value
 * (schema checks, our own recursion) shallow. Found by probing (issue 19): five 4 MB bodies like
 * `[[[[…]]]]` stalled the server for 14.7 s because the nested value reached the schema.
 */
export const MAX_JSON_DEPTH = 32

/**
 * Counts `[`/`{` against `]`/`}` outside strings over a body's bytes as they arrive, and says where
 * the first opening past `maxDepth` is. Work is linear in the bytes (already capped), so a hostile
 * nesting costs no more than a flat body and never reaches JSON.parse or the schema. Scanning
 * bytes is safe: the characters that matter are ASCII, and no byte of a multi-byte UTF-8 character
 * is. Malformed JSON is left for JSON.parse to describe.
 */
export class JsonDepthScanner {
  private depth = 0
  private inString = false
  private escaped = false
  private seen = 0
  constructor(private readonly maxDepth = MAX_JSON_DEPTH) {}

  /** The byte offset of the first opening past maxDepth, or null while the nesting is fine. */
  push(bytes: Uint8Array): number | null {
    for (let i = 0; i < bytes.length; i++) {
      const ch = bytes[i] as number
      if (this.inString) {
        if (this.escaped) this.escaped = false
        else if (ch === 0x5c) this.escaped = true
        else if (ch === 0x22) this.inString = false
        continue
      }
      if (ch === 0x22) this.inString = true
      else if (ch === 0x5b || ch === 0x7b) {
        if (++this.depth > this.maxDepth) return this.seen + i
      } else if (ch === 0x5d || ch === 0x7d) this.depth--
    }
    this.seen += bytes.length
    return null
  }
}

/** The 422 message for a body that nests too deep. */
export function tooDeepMessage(offset: number, maxDepth = MAX_JSON_DEPTH): string {
  return `JSON nests deeper than ${maxDepth} levels (at byte ${offset}); no request to this API needs more.`
}

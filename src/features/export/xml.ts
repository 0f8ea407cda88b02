// XML 1.0 forbids most C0 controls, lone surrogates and U+FFFE/U+FFFF even as character references.
const ILLEGAL_XML =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g

// CR, LF and tab as references: parsers normalise literal CR/CRLF to LF (and to spaces inside
// attributes), so a value with a line break would not survive the round trip otherwise.
const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
  '\r': '&#13;',
  '\n': '&#10;',
  '\t': '&#9;',
}

/** Safe in text and in quoted attributes; `>` is escaped too so `]]>` can never appear. */
export function xmlEscape(text: string): string {
  return text.replace(ILLEGAL_XML, '').replace(/[&<>"'\r\n\t]/g, (c) => ENTITIES[c] ?? c)
}

/** HTML text and attributes follow the same rules for our purposes. */
export const htmlEscape = xmlEscape

/** Raw value as text for XML/HTML: numbers stay plain, objects become JSON. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value)
  return JSON.stringify(value) ?? ''
}

/**
 * Text for XML files the app writes (GPX, KML): escaped for text and quoted attributes,
 * with the characters XML 1.0 forbids removed. Owner names and addresses are untrusted text.
 */
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
export function xmlText(text: string): string {
  return text.replace(ILLEGAL_XML, '').replace(/[&<>"'\r\n\t]/g, (c) => ENTITIES[c] ?? c)
}

/** HTML text and attributes (the printed mailing labels) follow the same rules for our purposes. */
export const htmlEscape = xmlText

/** Degrees with 7 decimals (~1 cm), never in exponent notation. */
export const degrees = (n: number) => n.toFixed(7).replace(/\.?0+$/, '')

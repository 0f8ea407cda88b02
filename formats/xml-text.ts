/**
 * Text for XML files the app writes (GPX, KML waypoints): escaped for text and quoted attributes,
 * with the characters XML 1.0 forbids removed. Owner names and addresses are untrusted text.
 */
const ILLEGAL_XML =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g
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

export function xmlText(text: string): string {
  return text.replace(ILLEGAL_XML, '').replace(/[&<>"'\r\n\t]/g, (c) => ENTITIES[c] ?? c)
}

/** Degrees with 7 decimals (~1 cm), never in exponent notation. */
export const degrees = (n: number) => n.toFixed(7).replace(/\.?0+$/, '')

/**
 * One `Range: bytes=…` header read against a file's size (RFC 9110 §14): the span to send, none
 * (no header, or another unit: the whole file), or unsatisfiable (416). Several ranges at once are
 * refused rather than sent as multipart: PMTiles readers and CDNs ask for one span at a time, and
 * RFC 9110 §14.2 lets a server reject a Range it will not serve.
 */
export type RangeAnswer =
  | { kind: 'whole' }
  | { kind: 'part'; start: number; end: number }
  | { kind: 'unsatisfiable'; reason: string }

const SPEC = /^bytes=(\d*)-(\d*)$/

export function readRange(header: string | undefined, size: number): RangeAnswer {
  if (header === undefined) return { kind: 'whole' }
  const value = header.trim()
  // Another unit is ignored (§14.2: "a server MUST ignore a Range header field received with … unknown unit").
  if (!/^bytes=/i.test(value)) return { kind: 'whole' }
  if (value.includes(',')) return { kind: 'unsatisfiable', reason: 'Ask for one byte range at a time.' }
  const m = SPEC.exec(value.replace(/^bytes=/i, 'bytes=').replace(/\s+/g, ''))
  if (!m || (m[1] === '' && m[2] === ''))
    return { kind: 'unsatisfiable', reason: `"${value.slice(0, 60)}" is not a byte range.` }
  if (m[1] === '') {
    // A suffix: the last N bytes.
    const n = Number(m[2])
    if (n === 0 || size === 0) return { kind: 'unsatisfiable', reason: 'An empty suffix range selects nothing.' }
    return { kind: 'part', start: Math.max(0, size - n), end: size - 1 }
  }
  const start = Number(m[1])
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1)
  if (m[2] !== '' && Number(m[2]) < start) return { kind: 'unsatisfiable', reason: 'The range ends before it starts.' }
  if (start >= size)
    return { kind: 'unsatisfiable', reason: `The archive is ${size} bytes; the range starts at ${start}.` }
  return { kind: 'part', start, end }
}

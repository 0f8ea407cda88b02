/**
 * Encoded-polyline coordinates for links: Google's scheme (zigzag deltas in 5-bit groups) but over
 * the base64url alphabet, so every character is URL-unreserved and a link needs no %-escapes.
 */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'
const VALUE = new Map([...ALPHABET].map((c, i) => [c, i]))
const MORE = 32

function encodeSigned(n: number): string {
  let v = n < 0 ? -2 * n - 1 : 2 * n // zigzag: small magnitudes, either sign, stay short
  let out = ''
  while (v >= MORE) {
    out += ALPHABET[(v % MORE) + MORE]
    v = Math.floor(v / MORE)
  }
  return out + ALPHABET[v]
}

/** Integer pairs (already scaled) → text. */
export function encodeIntPairs(pairs: readonly (readonly [number, number])[]): string {
  let px = 0
  let py = 0
  let out = ''
  for (const [x, y] of pairs) {
    out += encodeSigned(x - px) + encodeSigned(y - py)
    px = x
    py = y
  }
  return out
}

/** Text → integer pairs; null when the text is not a whole number of complete pairs, 'too-many' past maxPairs. */
export function decodeIntPairs(text: string, maxPairs: number): [number, number][] | null | 'too-many' {
  const values: number[] = []
  let v = 0
  let scale = 1
  for (const c of text) {
    const d = VALUE.get(c)
    if (d === undefined) return null
    v += (d % MORE) * scale
    if (d >= MORE) {
      scale *= MORE
      if (scale > 2 ** 40) return null // no coordinate needs this many digits: garbage
      continue
    }
    values.push(v % 2 === 0 ? v / 2 : -(v + 1) / 2)
    if (values.length > maxPairs * 2) return 'too-many'
    v = 0
    scale = 1
  }
  if (scale !== 1 || values.length % 2 !== 0) return null
  const pairs: [number, number][] = []
  let x = 0
  let y = 0
  for (let i = 0; i < values.length; i += 2) {
    x += values[i] as number
    y += values[i + 1] as number
    pairs.push([x, y])
  }
  return pairs
}

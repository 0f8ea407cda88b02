/**
 * The QR code of a report's link (uqr, a port of Project Nayuki's generator: no network, no DOM).
 * Printed modules below ~0.7 pt (0.25 mm) are too small for a phone camera to read off paper, so a
 * link too long for a QR code of at most `maxSize` points gets none; the link is printed as text too.
 */
import { encode } from 'uqr'

/** Smallest printed module, in points. */
const MIN_MODULE = 0.75

export interface QrCode {
  modules: boolean[][]
  /** Side of the printed code in points (without the quiet zone, which the layout leaves white). */
  size: number
}

export function qrCode(text: string, minSize: number, maxSize: number): QrCode | null {
  if (!text) return null
  let modules: boolean[][]
  try {
    // M corrects 15 % damage (a fold, a coffee ring); a long link falls back to L to stay readable.
    const qr = encode(text, { ecc: text.length > 600 ? 'L' : 'M', border: 0 })
    modules = qr.data
  } catch {
    return null // longer than a version-40 code holds
  }
  const n = modules.length
  if (n * MIN_MODULE > maxSize) return null
  return { modules, size: Math.min(maxSize, Math.max(minSize, n * 1.2)) }
}

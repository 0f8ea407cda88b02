import { describe, expect, it } from 'vitest'
import { qrCode } from './qr'

describe('QR code of a report link', () => {
  it('encodes a parcel link into a square code no smaller than asked', () => {
    const qr = qrCode('https://plat.example/?p=2f1c0e4a-4b1d-4c3e-9a8b-0123456789ab&c=-93.6,42.0,17&v=1', 58, 100)
    expect(qr).not.toBeNull()
    expect(qr?.modules.length).toBe(qr?.modules[0]?.length)
    expect(qr?.size).toBeGreaterThanOrEqual(58)
    // Finder pattern: the top-left 7×7 square's border is dark.
    expect(qr?.modules[0]?.slice(0, 7).every(Boolean)).toBe(true)
  })

  it('gives none for a link too long to print readably in the space (the text link remains)', () => {
    expect(qrCode(`https://plat.example/?a=${'x'.repeat(2500)}`, 58, 100)).toBeNull()
    expect(qrCode('', 58, 100)).toBeNull()
  })
})

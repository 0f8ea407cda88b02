/**
 * The app's install icons (issue 24), drawn from the brand mark (a plat: a green lot split by two
 * roads) and written as PNGs into public/icons/. Run once after changing the mark:
 * `node --import tsx scripts/make-icons.ts`; the PNGs are committed, so builds need nothing.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { deflateSync } from 'node:zlib'

const GREEN = [0x9f, 0xd3, 0xa8]
const INK = [0x1f, 0x3b, 0x4d]

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})
function crc32(buf: Buffer): number {
  let c = 0xffffffff
  for (const b of buf) c = (CRC_TABLE[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4)
  len.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([len, body, crc])
}

/** `inset`: the share of the size left as background around the mark (maskable icons need ~10 %). */
function icon(size: number, inset: number, background: number[] | null): Buffer {
  const rows: Buffer[] = []
  const lo = size * inset
  const hi = size * (1 - inset)
  const radius = (hi - lo) * 0.16
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 4)
    for (let x = 0; x < size; x++) {
      const u = (x + 0.5 - lo) / (hi - lo)
      const v = (y + 0.5 - lo) / (hi - lo)
      const inside = u >= 0 && u <= 1 && v >= 0 && v <= 1 && cornerOk(x + 0.5, y + 0.5, lo, hi, radius)
      const road = (u > 0.44 && u < 0.56) || (v > 0.44 && v < 0.56)
      const rgb = inside ? (road ? INK : GREEN) : background
      const at = 1 + x * 4
      if (rgb) {
        row[at] = rgb[0] ?? 0
        row[at + 1] = rgb[1] ?? 0
        row[at + 2] = rgb[2] ?? 0
        row[at + 3] = 255
      }
    }
    rows.push(row)
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(size, 0)
  ihdr.writeUInt32BE(size, 4)
  ihdr[8] = 8
  ihdr[9] = 6
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

function cornerOk(x: number, y: number, lo: number, hi: number, r: number): boolean {
  const cx = x < lo + r ? lo + r : x > hi - r ? hi - r : x
  const cy = y < lo + r ? lo + r : y > hi - r ? hi - r : y
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r
}

mkdirSync('public/icons', { recursive: true })
writeFileSync('public/icons/icon-192.png', icon(192, 0.06, null))
writeFileSync('public/icons/icon-512.png', icon(512, 0.06, null))
writeFileSync('public/icons/icon-maskable-512.png', icon(512, 0.2, INK))
writeFileSync('public/icons/apple-touch-icon.png', icon(180, 0.1, [0xff, 0xff, 0xff]))
console.log('icons written to public/icons/')

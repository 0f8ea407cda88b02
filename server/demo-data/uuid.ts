import { mix32, Rng } from './prng'

const hex = (v: number, digits: number) => (v >>> 0).toString(16).padStart(digits, '0')

/**
 * A random-looking RFC 4122 version-4 UUID for the `index`-th parcel of a data set. The first 32
 * bits are a bijection of the index, so no two parcels of one data set (up to 2^32) can collide;
 * the other 90 random bits come from the seeded generator.
 */
export function parcelUuid(seed: number, index: number): string {
  const rng = new Rng(seed, index, 0x00d1)
  const a = mix32((index ^ mix32(seed)) >>> 0)
  const b = rng.uint32()
  const c = rng.uint32()
  const d = rng.uint32()
  const timeMid = b >>> 16
  const timeHi = (b & 0x0fff) | 0x4000
  const clock = ((c >>> 16) & 0x3fff) | 0x8000
  return `${hex(a, 8)}-${hex(timeMid, 4)}-${hex(timeHi, 4)}-${hex(clock, 4)}-${hex(c & 0xffff, 4)}${hex(d, 8)}`
}

import { hashUnit } from './prng'

/**
 * Smooth 2-D value noise in [0, 1): random values on an integer lattice, blended with smoothstep.
 * Neighbouring fields read nearby values, so crops, elevation and prices vary smoothly in space
 * instead of flickering parcel by parcel.
 */
function valueNoise(key: number, x: number, y: number): number {
  const ix = Math.floor(x)
  const iy = Math.floor(y)
  const fx = x - ix
  const fy = y - iy
  const sx = fx * fx * (3 - 2 * fx)
  const sy = fy * fy * (3 - 2 * fy)
  const v00 = hashUnit(key, ix, iy)
  const v10 = hashUnit(key, ix + 1, iy)
  const v01 = hashUnit(key, ix, iy + 1)
  const v11 = hashUnit(key, ix + 1, iy + 1)
  const top = v00 + (v10 - v00) * sx
  const bottom = v01 + (v11 - v01) * sx
  return top + (bottom - top) * sy
}

/** Two octaves of value noise at `scale` (same unit as x, y), still in [0, 1). */
export function fbm(key: number, x: number, y: number, scale: number): number {
  const a = valueNoise(key, x / scale, y / scale)
  const b = valueNoise(key + 7919, (x * 2.03) / scale, (y * 2.03) / scale)
  return (a * 2 + b) / 3
}

/**
 * A categorical field: regions of irregular shape (about `scale` across), each holding one uniform
 * value. The lookup point is warped by noise so region borders do not follow the section grid.
 */
export function patchUnit(key: number, x: number, y: number, scale: number): number {
  const wx = x + (valueNoise(key + 101, x / scale, y / scale) - 0.5) * scale * 1.4
  const wy = y + (valueNoise(key + 211, x / scale, y / scale) - 0.5) * scale * 1.4
  return hashUnit(key, Math.floor(wx / scale), Math.floor(wy / scale))
}

import { describe, expect, it } from 'vitest'
import type { Queryable } from '../db/database'
import { BYTES_PER_PARCEL, DETAIL_STEPS, type TileDetail } from './tile-budget'
import { makeTile, type TileRenderer } from './tile-maker'

/** A database that answers the estimate with these size classes. */
const estimating = (classes: { size_class: number; parcels: number; vertices: number }[]): Queryable => ({
  query: async <T>() => classes as T[],
  exec: async () => {},
})

/** A renderer whose tiles weigh what `bytesAt(step)` says, recording the steps asked for. */
function renderer(bytesAt: (d: TileDetail) => number) {
  const steps: number[] = []
  const r: TileRenderer = {
    async render(_tile, detail) {
      steps.push(detail.step)
      return { bytes: new Uint8Array(bytesAt(detail)), parcels: 1, version: 'v' }
    },
  }
  return { r, steps }
}

const tile = { z: 13, x: 1, y: 1 }

describe('makeTile', () => {
  it('renders once at full detail when the estimate fits and the tile does', async () => {
    const { r, steps } = renderer(() => 1000)
    const made = await makeTile(estimating([{ size_class: 6, parcels: 10, vertices: 50 }]), r, tile, 4096, {})
    expect(steps).toEqual([0])
    expect(made).toMatchObject({ omitted: 0, version: 'v' })
    expect(made.detail.step).toBe(0)
  })

  it('starts where the estimate says, then goes coarser while the bytes are over the cap', async () => {
    // 100 sub-pixel parcels (class 3) and 10 of 1–2 px (class 5): the estimate rules out full detail.
    const classes = [
      { size_class: 3, parcels: 100, vertices: 500 },
      { size_class: 5, parcels: 10, vertices: 50 },
    ]
    const cap = 20 * BYTES_PER_PARCEL
    const { r, steps } = renderer((d) => (d.minSizeUnits < 32 ? cap + 1 : cap))
    const made = await makeTile(estimating(classes), r, tile, cap, {})
    expect(steps).toEqual([1, 2, 3])
    expect(made.detail.minSizeUnits).toBe(32)
    expect(made.omitted).toBe(110)
    expect(made.bytes.byteLength).toBe(cap)
  })

  it('serves the coarsest step as it is when even that is over the cap', async () => {
    const { r, steps } = renderer(() => 10_000)
    const made = await makeTile(estimating([{ size_class: 14, parcels: 1, vertices: 9 }]), r, tile, 100, {})
    expect(made.detail).toBe(DETAIL_STEPS.at(-1))
    expect(steps.at(-1)).toBe(made.detail.step)
  })
})

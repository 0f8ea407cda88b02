import type { Polygon } from 'geojson'
import { describe, expect, it } from 'vitest'
import { boxPolygon } from '../../contract/bbox'
import { type Box, type CostModel, groupPieces, planCells, polygonBox, vertexCount } from './area-pieces'

const rect = (w: number, s: number, e: number, n: number): Polygon => boxPolygon([w, s, e, n])
/** A unit square with a hole in its middle. */
const donut: Polygon = {
  type: 'Polygon',
  coordinates: [rect(0, 0, 1, 1).coordinates[0] ?? [], rect(0.25, 0.25, 0.75, 0.75).coordinates[0] ?? []],
}
/** A thin strip along the diagonal of the unit square. */
const diagonal: Polygon = {
  type: 'Polygon',
  coordinates: [
    [
      [0, 0],
      [0.01, 0],
      [1, 0.99],
      [1, 1],
      [0.99, 1],
      [0, 0.01],
      [0, 0],
    ],
  ],
}

describe('planning an area search in pieces', () => {
  const model: CostModel = { vertexCost: 1, candidateCost: 1, budget: 1_000, minCellDegrees: 0.001, maxCells: 4_096 }
  /** 100,000 parcels spread evenly over the unit square. */
  const even = ([w, s, e, n]: Box) => Math.max(0, e - w) * Math.max(0, n - s) * 100_000

  it('keeps a polygon whole when its cell fits the budget', () => {
    const cells = planCells([rect(0, 0, 0.05, 0.05)], even, model)
    expect(cells).toHaveLength(1)
    expect(cells[0]?.box).toEqual([0, 0, 0.05, 0.05])
  })

  it('cuts a large one into quadrants until each fits beside its vertices, covering it without gaps', () => {
    const cells = planCells([rect(0, 0, 1, 1)], even, model)
    // 100,000 candidates, 995 allowed per cell: 4^4 = 256 cells of 390.
    expect(cells).toHaveLength(256)
    for (const cell of cells) expect(cell.estimate).toBeLessThanOrEqual(1_000 - 5)
    const area = cells.reduce((sum, { box: [w, s, e, n] }) => sum + (e - w) * (n - s), 0)
    expect(area).toBeCloseTo(1, 10)
  })

  it('drops the cells a ragged polygon does not touch, and those in its holes', () => {
    const cells = planCells([diagonal], even, model)
    const total = cells.reduce((sum, c) => sum + c.estimate, 0)
    // The strip's box holds 100,000 parcels; the cells along it a small part of that.
    expect(total).toBeLessThan(20_000)
    // Every cell lies on the strip: its centre is near the diagonal.
    for (const { box } of cells) expect(Math.abs((box[0] + box[2]) / 2 - (box[1] + box[3]) / 2)).toBeLessThan(0.1)
    const holed = planCells([donut], even, model)
    // Strictly inside the hole (a cell touching its edge is kept: a parcel there touches the polygon).
    const inHole = holed.filter(({ box: [w, s, e, n] }) => w > 0.25 && e < 0.75 && s > 0.25 && n < 0.75)
    expect(inHole).toEqual([])
    const ringTotal = holed.reduce((sum, c) => sum + c.estimate, 0)
    expect(ringTotal).toBeGreaterThanOrEqual(75_000)
    // The box holds 100,000; the cells on the hole's edge (inside it, touching) add ~11,000 to the 75,000 of the ring.
    expect(ringTotal).toBeLessThan(90_000)
  })

  it('keeps every cell a polygon touches: the cells cover it', () => {
    // A point of the strip, of the donut's ring, and the corner the unit square's edge touches.
    const covered = (cells: { box: Box }[], x: number, y: number) =>
      cells.some(({ box: [w, s, e, n] }) => x >= w && x <= e && y >= s && y <= n)
    const strip = planCells([diagonal], even, model)
    for (const t of [0, 0.1, 0.33, 0.5, 0.77, 1]) expect(covered(strip, t, t)).toBe(true)
    const ring = planCells([donut], even, model)
    for (const [x, y] of [
      [0.1, 0.1],
      [0.25, 0.5],
      [0.8, 0.9],
      [1, 1],
    ] as const)
      expect(covered(ring, x, y)).toBe(true)
  })

  it('stops cutting at the smallest cell and at the most cells', () => {
    const dense = (box: Box) => even(box) * 1e6
    for (const cell of planCells([rect(0, 0, 0.01, 0.01)], dense, model)) {
      expect(cell.box[2] - cell.box[0]).toBeGreaterThanOrEqual(0.001)
    }
    expect(planCells([rect(0, 0, 1, 1)], dense, { ...model, maxCells: 50 }).length).toBeLessThanOrEqual(50)
  })

  it('groups cells into pieces within the budget, paying each polygon’s vertices once per piece', () => {
    const polygons = Array.from({ length: 10 }, (_, i) => rect(i, 0, i + 0.01, 0.01))
    const cells = planCells(polygons, even, model)
    const pieces = groupPieces(cells, polygons.map(vertexCount), model)
    // Each polygon: 5 vertices + 10 candidates = 15; 66 fit in 1,000, so all ten go in one piece.
    expect(pieces).toHaveLength(1)
    expect(pieces[0]?.polygons).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9])
    const big = planCells([rect(0, 0, 1, 1)], even, model)
    const cut = groupPieces(big, [5], model)
    for (const piece of cut) expect(piece.cost).toBeLessThanOrEqual(1_000)
    expect(cut.flatMap((p) => p.cells)).toHaveLength(big.length)
  })

  it('sends a polygon over the budget alone, with at least half a piece of candidates per cell', () => {
    const ring: Polygon = {
      type: 'Polygon',
      coordinates: [
        Array.from({ length: 2_001 }, (_, i) => [
          Math.cos((i / 2_000) * 2 * Math.PI),
          Math.sin((i / 2_000) * 2 * Math.PI),
        ]),
      ],
    }
    const cells = planCells([ring], even, model)
    for (const cell of cells) expect(cell.estimate).toBeLessThanOrEqual(500)
    const pieces = groupPieces(cells, [vertexCount(ring)], model)
    expect(pieces.every((p) => p.cells.length === 1)).toBe(true)
  })

  it('measures polygons', () => {
    expect(vertexCount(donut)).toBe(10)
    expect(polygonBox(diagonal)).toEqual([0, 0, 1, 1])
  })
})

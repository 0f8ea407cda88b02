/** Keyboard drawing through the workspace's flow: keys and the map's centre in, points shown and an area out. */
import { describe, expect, it } from 'vitest'
import type { DrawnArea } from '../../state/search-spec'
import type { MapViewState } from '../../state/ui-slice'
import { KeyboardDrawFlow } from './keyboard-draw-flow'

function harness() {
  let view: MapViewState = { center: [-93.6, 42], zoom: 15 }
  const sketches: (readonly (readonly [number, number])[])[] = []
  const areas: DrawnArea[] = []
  const draw = {
    setTool: () => {},
    syncAreas: () => {},
    cancel: () => {},
    setMeasureKind: () => {},
    setSketch: (v: readonly (readonly [number, number])[]) => sketches.push(v),
    destroy: () => {},
  }
  const flow = new KeyboardDrawFlow({
    view: () => view,
    draw: () => draw,
    events: { onArea: (a) => areas.push(a) },
    newId: () => 'kbd-1',
  })
  const moveTo = (lng: number, lat: number, zoom = 15) => {
    view = { center: [lng, lat], zoom }
  }
  return { flow, sketches, areas, moveTo }
}

describe('KeyboardDrawFlow', () => {
  it('Enter at three centres, then F: one polygon area, the sketch cleared, the acreage said', () => {
    const h = harness()
    expect(h.flow.key('Enter')).toBe(true)
    h.moveTo(-93.59, 42)
    h.flow.key('Enter')
    h.moveTo(-93.59, 42.01)
    h.flow.key('Enter')
    expect(h.flow.state.get().message).toMatch(/^3 points; Enter adds a point, F finishes/)
    expect(h.sketches.at(-1)).toHaveLength(3)
    expect(h.flow.key('f')).toBe(true)
    expect(h.areas).toHaveLength(1)
    expect(h.areas[0]?.id).toBe('kbd-1')
    expect(h.areas[0]?.kind).toBe('polygon')
    expect(h.areas[0]?.geometry.coordinates[0]).toHaveLength(4)
    expect(h.sketches.at(-1)).toEqual([])
    // Half of a 0.01° square at 42° N: ≈ 113.6 acres.
    expect(h.flow.state.get().message).toMatch(/^Area added: 11[34]\.\d\d acres/)
    expect(h.flow.state.get().added).toBe(true)
  })

  it('F and Backspace with no points are not taken (F stays the Freehand key); Escape cancels points', () => {
    const h = harness()
    expect(h.flow.key('f')).toBe(false)
    expect(h.flow.key('Backspace')).toBe(false)
    h.flow.key('Enter')
    expect(h.flow.key('Backspace')).toBe(true)
    expect(h.flow.state.get().vertices).toHaveLength(0)
    h.flow.key('Enter')
    h.flow.cancel()
    expect(h.flow.state.get().message).toBe('Keyboard drawing cancelled.')
    expect(h.sketches.at(-1)).toEqual([])
    expect(h.flow.key('x')).toBe(false)
  })

  it('Enter back on the first point closes the shape', () => {
    const h = harness()
    h.flow.key('Enter')
    h.moveTo(-93.59, 42)
    h.flow.key('Enter')
    h.moveTo(-93.59, 42.01)
    h.flow.key('Enter')
    h.moveTo(-93.6, 42)
    h.flow.key('Enter')
    expect(h.areas).toHaveLength(1)
  })

  it('a shape under the minimum area is not added; the points stay and the message says why', () => {
    const h = harness()
    // Zoomed in far enough that points 4 m apart are not "the same point" for Enter.
    h.moveTo(-93.6, 42, 21)
    h.flow.key('Enter')
    h.moveTo(-93.59995, 42, 21)
    h.flow.key('Enter')
    h.moveTo(-93.59995, 42.00005, 21)
    h.flow.key('Enter')
    h.flow.key('f')
    expect(h.areas).toHaveLength(0)
    expect(h.flow.state.get().vertices).toHaveLength(3)
    expect(h.flow.state.get().message).toMatch(/^Area not added: the shape is too small to search/)
  })
})

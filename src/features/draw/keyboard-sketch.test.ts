import { describe, expect, it } from 'vitest'
import { closeSketch, enterAt, removeLast, type SketchStep, sketchMessage, type Vertex } from './keyboard-sketch'

const TOL = 10
const A: Vertex = [-93.6, 42]
const B: Vertex = [-93.59, 42]
const C: Vertex = [-93.59, 42.01]
const D: Vertex = [-93.6, 42.01]

function verts(step: SketchStep): readonly Vertex[] {
  if (step.kind === 'closed') throw new Error('closed')
  return step.vertices
}

describe('keyboard sketch', () => {
  it('Enter adds the point under the crosshair and says what comes next', () => {
    const one = enterAt([], A, TOL)
    expect(one).toEqual({ kind: 'vertices', vertices: [A], message: sketchMessage(1) })
    const three = enterAt(verts(enterAt(verts(one), B, TOL)), C, TOL)
    expect(verts(three)).toEqual([A, B, C])
    expect(three.kind === 'vertices' && three.message).toBe(
      '3 points; Enter adds a point, F finishes, Backspace removes the last, Escape cancels.',
    )
  })

  it('Enter on the first point closes the ring into a polygon', () => {
    const step = enterAt([A, B, C, D], [A[0] + 0.00001, A[1]], TOL)
    expect(step).toEqual({
      kind: 'closed',
      polygon: { type: 'Polygon', coordinates: [[[...A], [...B], [...C], [...D], [...A]]] },
    })
  })

  it('Enter twice without moving closes it too; with fewer than 3 points it asks to move', () => {
    expect(enterAt([A, B, C], C, TOL).kind).toBe('closed')
    const r = enterAt([A, B], B, TOL)
    expect(r.kind).toBe('refused')
    expect(verts(r)).toEqual([A, B])
  })

  it('F closes; fewer than 3 points are refused with the reason', () => {
    expect(closeSketch([A, B, C]).kind).toBe('closed')
    const r = closeSketch([A, B])
    expect(r.kind === 'refused' && r.message).toMatch(/at least 3 points/)
  })

  it('a point whose edge would cross an earlier edge is refused, and so is a crossing close', () => {
    // A → B → D, then C: the edge D→C is fine, but from A,B,C,D going to a point that crosses A→B is not.
    const bowtie = enterAt([A, C, B], [-93.6, 41.99], TOL)
    expect(bowtie.kind).toBe('vertices')
    const crossing = enterAt([A, B, C, D], [-93.595, 41.99], TOL)
    expect(crossing.kind).toBe('refused')
    // A → B → D → C closes with C→A, which crosses B→D.
    expect(closeSketch([A, B, D, C]).kind).toBe('refused')
  })

  it('Backspace removes the last point', () => {
    expect(verts(removeLast([A, B, C]))).toEqual([A, B])
    expect(verts(removeLast([]))).toEqual([])
  })
})

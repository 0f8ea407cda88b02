/**
 * Keyboard drawing (issue 18, problem 10): with the Polygon tool picked and the map focused, the
 * map's centre is the cursor. The panel routes Enter, Backspace and F here; the arrow keys are
 * MapLibre's own (they pan the map under the crosshair); Escape reaches `cancel` through the
 * workspace. The points so far are shown on the map through the draw port; the closed shape joins
 * the areas like one drawn with the pointer (same checks, same store path).
 */
import type { Polygon } from 'geojson'
import { metresPerPixel } from '../../geo/ground-resolution'
import { acresOf } from '../../geo/validate-area'
import type { DrawEvents, DrawPort } from '../../ports/workspace-ports'
import type { MapViewState } from '../../state/ui-slice'
import { ValueStore } from '../../state/value-store'
import { guardDrawnArea } from './area-guard'
import {
  CLOSE_PIXELS,
  closeSketch,
  enterAt,
  removeLast,
  type SketchStep,
  sketchMessage,
  type Vertex,
} from './keyboard-sketch'

export interface KeyboardDrawState {
  vertices: readonly Vertex[]
  /** What the live region says now. */
  message: string
  /** A shape was just added (the tool may have returned to Pan; the message still says so). */
  added: boolean
}

export interface KeyboardDrawDeps {
  /** The map's centre and zoom now. */
  view(): MapViewState
  draw(): DrawPort | null
  events: Pick<DrawEvents, 'onArea'>
  newId(): string
}

const acres = (polygon: Polygon) =>
  acresOf(polygon).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })

const INITIAL: KeyboardDrawState = { vertices: [], message: sketchMessage(0), added: false }

export class KeyboardDrawFlow {
  readonly state = new ValueStore<KeyboardDrawState>(INITIAL)

  constructor(private readonly deps: KeyboardDrawDeps) {}

  /** A key pressed on the focused map while the Polygon tool is picked; true when it was ours. */
  key(key: string): boolean {
    const { vertices } = this.state.get()
    if (key === 'Enter') {
      const { center, zoom } = this.deps.view()
      const at: Vertex = [center[0], center[1]]
      this.apply(enterAt(vertices, at, CLOSE_PIXELS * metresPerPixel(center[1], zoom)))
      return true
    }
    if (key === 'Backspace' && vertices.length > 0) {
      this.apply(removeLast(vertices))
      return true
    }
    // F with no points yet stays the Freehand shortcut.
    if ((key === 'f' || key === 'F') && vertices.length > 0) {
      this.apply(closeSketch(vertices))
      return true
    }
    return false
  }

  /** Escape, or another tool: the points go. */
  cancel(): void {
    if (this.state.get().vertices.length === 0) return
    this.set([], 'Keyboard drawing cancelled.')
  }

  /** A tool picked afresh: no points, the first instructions. */
  reset(): void {
    if (this.state.get() === INITIAL) return
    this.state.set(INITIAL)
    this.deps.draw()?.setSketch([])
  }

  private apply(step: SketchStep): void {
    if (step.kind !== 'closed') {
      this.set(step.vertices, step.message)
      return
    }
    const check = guardDrawnArea(step.polygon)
    if (!check.valid) {
      this.set(this.state.get().vertices, `Area not added: ${check.reason}.`)
      return
    }
    this.set([], `Area added: ${acres(check.geometry)} acres. Search to find its parcels.`, true)
    this.deps.events.onArea({ id: this.deps.newId(), kind: 'polygon', geometry: check.geometry })
  }

  private set(vertices: readonly Vertex[], message: string, added = false): void {
    this.state.set({ vertices, message, added })
    this.deps.draw()?.setSketch(vertices)
  }
}

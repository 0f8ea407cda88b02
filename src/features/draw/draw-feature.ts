/**
 * The draw feature as the workspace registers it: what the drawing layer's events do (draw-events.ts),
 * shapes from elsewhere joining the areas, the Measure tool's figures, and drawing with the keyboard
 * — reset as the tool changes and cancelled by Escape — over the context's map and drawing layer.
 */
import type { Polygon } from 'geojson'
import type { Feature, FeatureContext } from '../../ports/feature-context'
import type { DrawEvents, MeasureKind, ShapeProgress } from '../../ports/workspace-ports'
import type { MapTool } from '../../state/ui-slice'
import { ValueStore } from '../../state/value-store'
import { addPolygons } from './add-polygons'
import { drawEvents } from './draw-events'
import { KeyboardDrawFlow } from './keyboard-draw-flow'
import { type Measurement, measure } from './measure'

export class DrawIntents {
  /** The Measure tool's figures for the line or shape being measured (null: nothing measured). */
  readonly measurement = new ValueStore<Measurement | null>(null)
  readonly measureKind = new ValueStore<MeasureKind>('distance')
  /** A circle or polygon being drawn with the pointer: its radius or corners, shown live on the map. */
  readonly progress = new ValueStore<ShapeProgress | null>(null)
  /** Drawing a polygon with the keyboard: its points so far and what the live region says. */
  readonly keyboard: KeyboardDrawFlow
  /** The drawing layer's events, given to it when the workspace makes it. */
  readonly events: DrawEvents

  constructor(private readonly ctx: FeatureContext) {
    this.events = {
      ...drawEvents(
        ctx.store,
        (geometry) => {
          const label = geometry.type === 'Point' ? 'point' : 'line'
          ctx.store.getState().openDialog({ kind: 'buffer', label, geometry })
        },
        (geometry) => this.measurement.set(geometry ? measure(geometry) : null),
      ),
      onProgress: (progress) => this.progress.set(progress),
    }
    this.keyboard = new KeyboardDrawFlow({
      view: () => ctx.map()?.view?.() ?? ctx.store.getState().view,
      draw: ctx.draw,
      events: this.events,
      newId: () => crypto.randomUUID(),
    })
  }

  /**
   * A tool picked in the toolbar. Every tool but Pan works on the map, so on a phone the controls
   * sheet (which covers the map) closes to let the person draw, edit or identify there.
   */
  pickTool(tool: MapTool): void {
    const s = this.ctx.store.getState()
    s.setTool(tool)
    if (tool !== 'pan') s.setSearchSheetOpen(false)
  }

  /** Closes the polygon being drawn (on a touch screen there is no Enter key or double tap to do it). */
  finishShape(): void {
    this.ctx.draw()?.finishShape?.()
  }

  undoCorner(): void {
    this.ctx.draw()?.undoCorner?.()
  }

  frameAreas(areas: readonly { geometry: Polygon }[] = this.ctx.store.getState().areas): void {
    if (areas.length === 0) return
    this.ctx.map()?.fitTo({ type: 'GeometryCollection', geometries: areas.map((a) => a.geometry) }, 15)
  }

  /** Imported, buffered or picked shapes join the areas (checked like drawn ones); says what happened. */
  addAreas(
    polygons: readonly Polygon[],
    notices: readonly string[],
    source: string,
    label?: string,
    names?: ReadonlyMap<Polygon, string>,
  ): number {
    const areas = addPolygons(this.ctx.store, polygons, notices, source, label, names)
    this.frameAreas(areas)
    return areas.length
  }

  /** The Measure tool measures a line's length or a shape's area; a switch starts afresh. */
  setMeasureKind(kind: MeasureKind): void {
    this.measureKind.set(kind)
    this.ctx.draw()?.setMeasureKind(kind)
  }
}

export function createDrawFeature(ctx: FeatureContext): Feature<DrawIntents> {
  const draw = new DrawIntents(ctx)
  return {
    api: draw,
    hooks: {
      drawMounted: (layer) => layer.setMeasureKind(draw.measureKind.get()),
      onStore: (s, prev) => {
        if (s.tool === prev.tool) return
        if (prev.tool === 'polygon') draw.keyboard.cancel()
        if (s.tool !== 'pan') draw.keyboard.reset()
        if (prev.tool === 'measure') draw.measurement.set(null)
      },
      escape: () => draw.keyboard.cancel(),
    },
  }
}

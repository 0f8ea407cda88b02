/**
 * terra-draw on the MapLibre map. terra-draw owns geometry while the user edits; every finished
 * shape or edit is validated (area-guard.ts) and reported as a DrawnArea. The store's area list
 * is pushed back in with `syncAreas` (e.g. a delete button in the list), which no-ops when equal.
 */
import type { LineString, Point, Polygon } from 'geojson'
import type { Map as MapLibreMap } from 'maplibre-gl'
import {
  type GeoJSONStoreFeatures,
  TerraDraw,
  TerraDrawCircleMode,
  TerraDrawFreehandMode,
  TerraDrawLineStringMode,
  type TerraDrawMouseEvent,
  TerraDrawPointMode,
  TerraDrawPolygonMode,
  TerraDrawRectangleMode,
  TerraDrawSelectMode,
  ValidateNotSelfIntersecting,
} from 'terra-draw'
import { TerraDrawMapLibreGLAdapter } from 'terra-draw-maplibre-gl-adapter'
import type { DrawEvents, DrawPort, MeasureKind, ShapeProgress } from '../../ports/workspace-ports'
import type { DrawnArea } from '../../state/search-spec'
import type { MapTool } from '../../state/ui-slice'
import { guardDrawnArea } from './area-guard'
import type { Vertex } from './keyboard-sketch'
import { SketchLayer } from './sketch-layer'

/** The Measure tool's own modes: terra-draw's line and polygon, under names no search area uses. */
const MEASURE_MODES = { distance: 'measure-line', area: 'measure-area' } as const
type MeasureMode = (typeof MEASURE_MODES)[MeasureKind]
type DrawMode = 'static' | 'select' | 'linestring' | 'point' | DrawnArea['kind'] | MeasureMode
const AREA_KINDS: readonly DrawnArea['kind'][] = ['polygon', 'rectangle', 'circle', 'freehand']
const MEASURE_COLOUR = '#c2410c'

function drawModeFor(tool: MapTool, measure: MeasureKind): DrawMode {
  if (tool === 'pan' || tool === 'identify') return 'static'
  if (tool === 'line') return 'linestring'
  if (tool === 'measure') return MEASURE_MODES[measure]
  return tool
}

const isMeasure = (m: unknown) => m === MEASURE_MODES.distance || m === MEASURE_MODES.area

/**
 * Area ids are ours, not terra-draw's: drawn shapes get UUIDs, but areas restored from a link are
 * `shared-1`…, imported ones `import-…`. terra-draw's default strategy accepts only UUID v4 and
 * silently refuses any other id in addFeatures, which left restored areas listed but not drawn.
 */
const AREA_ID = /^[A-Za-z0-9_-]{1,64}$/
const AREA_ID_STRATEGY = {
  isValidId: (id: unknown) => typeof id === 'string' && AREA_ID.test(id),
  getId: () => crypto.randomUUID(),
}

const STYLE = {
  fillColor: '#3b82f6',
  outlineColor: '#1d4ed8',
  fillOpacity: 0.12,
  outlineWidth: 2,
} as const

/**
 * terra-draw's circle takes its radius from the last pointer move, and a finger has no hover: the
 * edge tap finished a circle of the 1 cm starting radius (issue 37, item 1). Its polygon mode feeds
 * itself a move before each click for the same reason; the circle gets the same here.
 */
class TapCircleMode extends TerraDrawCircleMode {
  override onClick(event: TerraDrawMouseEvent): void {
    if (this.state === 'drawing') this.onMouseMove(event)
    super.onClick(event)
  }
}

/** How far (CSS pixels) a press may slide and still be a tap, not a drag. */
const TAP_SLOP_PX = 10

/**
 * A drag starts where the press went down, not where it passed the tap slop: terra-draw hands its
 * modes the move that crossed the threshold, which put a dragged circle's centre (a rectangle's
 * corner, a dragged vertex) TAP_SLOP_PX off. While a press is undecided the adapter's last event
 * is the press itself.
 */
class PressAdapter extends TerraDrawMapLibreGLAdapter<MapLibreMap> {
  override register(callbacks: Parameters<TerraDrawMapLibreGLAdapter<MapLibreMap>['register']>[0]): void {
    super.register({
      ...callbacks,
      onDragStart: (event, setMapDraggability) =>
        callbacks.onDragStart(this._lastDrawEvent ?? event, setMapDraggability),
    })
  }
}

function progressOf(p: Record<string, unknown> | undefined): ShapeProgress | null {
  if (p?.mode === 'circle' && typeof p.radiusKilometers === 'number')
    return { kind: 'circle', radiusMetres: p.radiusKilometers * 1000 }
  if (p?.mode === 'polygon' && typeof p.committedCoordinateCount === 'number')
    return { kind: 'polygon', corners: p.committedCoordinateCount }
  return null
}

const isKind = (m: unknown): m is DrawnArea['kind'] => AREA_KINDS.includes(m as DrawnArea['kind'])

export class DrawController implements DrawPort {
  private readonly draw: TerraDraw
  /** The search areas' polygon mode: the touch "Done" and "Undo corner" act on it. */
  private readonly polygonMode: TerraDrawPolygonMode
  private progress: ShapeProgress | null = null
  private progressId: string | null = null
  handlers: DrawEvents
  /** Last accepted geometry per area, used to revert an invalid edit. */
  private accepted = new Map<string, DrawnArea>()
  private mode: DrawMode = 'static'
  private tool: MapTool = 'pan'
  private measureKind: MeasureKind = 'distance'
  private started = false
  private pendingAreas: readonly DrawnArea[] | null = null
  private readonly sketch: SketchLayer
  private pendingSketch: readonly Vertex[] = []

  /** `whenReady` runs its callback once the map's style has loaded (now, if it already has). */
  constructor(map: MapLibreMap, whenReady: (cb: () => void) => void, handlers: DrawEvents) {
    this.handlers = handlers
    this.sketch = new SketchLayer(map)
    const adapter = new PressAdapter({
      map,
      coordinatePrecision: 7,
      // A finger's tap slides a few pixels. terra-draw takes a slide of 1 px (8 px once drawing) for
      // a drag, and a drag is no click: the tap's corner was lost, or a circle started by dragging
      // and finished at once (issue 37, item 2). A tap stays a tap within TAP_SLOP_PX.
      minPixelDragDistance: TAP_SLOP_PX,
      minPixelDragDistanceDrawing: TAP_SLOP_PX,
    })
    const styles = {
      fillColor: STYLE.fillColor,
      outlineColor: STYLE.outlineColor,
      fillOpacity: STYLE.fillOpacity,
      outlineWidth: STYLE.outlineWidth,
    } as const
    const editFlags = {
      feature: {
        draggable: true,
        selfIntersectable: false,
        coordinates: { midpoints: true, draggable: true, deletable: true },
      },
    }
    this.polygonMode = new TerraDrawPolygonMode({
      styles,
      // Refuse a click that would make edges cross, and say why (terra-draw alone refuses silently).
      validation: (feature, { updateType }) => {
        if (String(updateType) === 'provisional') return { valid: true }
        const r = ValidateNotSelfIntersecting(feature)
        if (!r.valid) this.handlers.onRejected('That point would make the edges cross; choose another point.')
        return r
      },
    })
    this.draw = new TerraDraw({
      adapter,
      idStrategy: AREA_ID_STRATEGY as NonNullable<ConstructorParameters<typeof TerraDraw>[0]['idStrategy']>,
      modes: [
        this.polygonMode,
        new TerraDrawRectangleMode({ styles, drawInteraction: 'click-move-or-drag' }),
        new TapCircleMode({ styles, drawInteraction: 'click-move-or-drag' }),
        new TerraDrawFreehandMode({ styles, drawInteraction: 'click-move-or-drag' }),
        new TerraDrawLineStringMode({ styles: { lineStringColor: STYLE.outlineColor, lineStringWidth: 3 } }),
        new TerraDrawPointMode({ styles: { pointColor: STYLE.outlineColor, pointWidth: 6 } }),
        // Measuring (issue 18, problem 9): the same drawing, in another colour, never a search area.
        new TerraDrawLineStringMode({
          modeName: MEASURE_MODES.distance,
          styles: { lineStringColor: MEASURE_COLOUR, lineStringWidth: 3 },
        }),
        new TerraDrawPolygonMode({
          modeName: MEASURE_MODES.area,
          styles: { fillColor: MEASURE_COLOUR, outlineColor: MEASURE_COLOUR, fillOpacity: 0.15, outlineWidth: 2 },
        }),
        new TerraDrawSelectMode({
          flags: {
            polygon: editFlags,
            freehand: editFlags,
            // Rectangles and circles move as a whole and resize by their corner handles (issue 18,
            // problem 6): a rectangle keeps the opposite corner fixed, a circle its centre. Moving one
            // vertex freely would break their shape, so that stays off.
            rectangle: { feature: { draggable: true, coordinates: { resizable: 'opposite' } } },
            circle: { feature: { draggable: true, coordinates: { resizable: 'center-fixed' } } },
          },
          keyEvents: { deselect: 'Escape', delete: 'Delete', rotate: null, scale: null },
          styles: {
            selectedPolygonColor: '#f59e0b',
            selectedPolygonOutlineColor: '#b45309',
            selectedPolygonFillOpacity: 0.15,
          },
        }),
      ],
    })
    this.draw.on('finish', (id, ctx) => this.onFinish(String(id), ctx.action))
    this.draw.on('change', (ids, type) => {
      if (type === 'delete') {
        for (const id of ids.map(String)) {
          if (this.accepted.delete(id)) this.handlers.onRemoved(id)
        }
        this.reportProgress()
        return
      }
      if (isMeasure(this.mode)) this.onMeasureChange(ids.map(String), type)
      else if (this.mode === 'circle' || this.mode === 'polygon') this.reportProgress(ids.map(String))
    })
    const start = () => {
      this.draw.start()
      this.started = true
      // For end-to-end tests and support: drawing works from this moment.
      map.getContainer().dataset.drawReady = 'true'
      this.draw.setMode(this.mode)
      if (this.pendingAreas) this.syncAreas(this.pendingAreas)
      this.pendingAreas = null
      this.sketch.set(this.pendingSketch)
    }
    whenReady(start)
  }

  /** Live figures while measuring; a new measurement replaces the one before. */
  private onMeasureChange(ids: readonly string[], type: string): void {
    for (const id of ids) {
      const f = this.draw.getSnapshotFeature(id)
      // Points are terra-draw's handles (closing and coordinate points) of the shape being drawn.
      if (!f || !isMeasure(f.properties?.mode) || (f.geometry.type !== 'LineString' && f.geometry.type !== 'Polygon'))
        continue
      if (type === 'create') {
        const older = this.draw
          .getSnapshot()
          .filter((o) => isMeasure(o.properties?.mode) && o.geometry.type !== 'Point' && String(o.id) !== id)
        if (older.length) this.draw.removeFeatures(older.map((o) => o.id as NonNullable<GeoJSONStoreFeatures['id']>))
      }
      this.handlers.onMeasure(f.geometry as LineString | Polygon)
    }
  }

  /** The circle's radius or the polygon's corners while one is drawn (shown live on the map). */
  private reportProgress(ids: readonly string[] = []): void {
    const drawing = (id: string | null) => {
      const f = id === null ? undefined : this.draw.getSnapshotFeature(id)
      return f?.properties?.currentlyDrawing && f.geometry.type === 'Polygon' ? f : undefined
    }
    // The shape in progress, by its id: a change of another feature does not end it.
    const id = ids.find((i) => drawing(i)) ?? (drawing(this.progressId) ? this.progressId : null)
    this.progressId = id
    const next = progressOf(drawing(id)?.properties)
    if (JSON.stringify(next) === JSON.stringify(this.progress)) return
    this.progress = next
    this.handlers.onProgress?.(next)
  }

  /** Closes the polygon being drawn, as terra-draw's own finish key (Enter) does. */
  finishShape(): void {
    if (!this.started || this.mode !== 'polygon') return
    this.polygonMode.onKeyUp({ key: 'Enter', heldKeys: [], preventDefault: () => {} })
  }

  undoCorner(): void {
    if (!this.started || this.mode !== 'polygon') return
    this.polygonMode.undo()
    this.reportProgress()
  }

  private clearMeasures(): void {
    const measures = this.draw.getSnapshot().filter((f) => isMeasure(f.properties?.mode))
    if (measures.length) this.draw.removeFeatures(measures.map((f) => f.id as NonNullable<GeoJSONStoreFeatures['id']>))
    this.handlers.onMeasure(null)
  }

  private onFinish(id: string, action: string): void {
    const feature = this.draw.getSnapshotFeature(id)
    // A finished measurement stays on the map with its figures until the next one or another tool.
    if (isMeasure(feature?.properties?.mode)) {
      // The last change while drawing still held the cursor's point; the finished shape is without it.
      if (feature?.geometry.type === 'LineString' || feature?.geometry.type === 'Polygon')
        this.handlers.onMeasure(feature.geometry as LineString | Polygon)
      return
    }
    if (feature?.geometry.type === 'LineString' || feature?.geometry.type === 'Point') {
      // A guide for Buffer: handed over, then removed (the buffered polygon becomes the area).
      const geometry = feature.geometry as LineString | Point
      this.draw.removeFeatures([id])
      this.handlers.onGuide(geometry)
      return
    }
    if (feature?.geometry.type !== 'Polygon') return
    const kindProp = feature.properties?.mode
    const kind = isKind(kindProp) ? kindProp : 'polygon'
    const result = guardDrawnArea(feature.geometry as Polygon, kind)
    if (!result.valid) {
      const previous = this.accepted.get(id)
      if (previous && action !== 'draw') {
        this.draw.updateFeatureGeometry(id, previous.geometry)
        this.handlers.onRejected(`Edit undone: ${result.reason}.`)
      } else {
        this.draw.removeFeatures([id])
        this.accepted.delete(id)
        this.handlers.onRejected(`Area not added: ${result.reason}.`)
      }
      return
    }
    if (result.simplifiedFrom !== undefined) this.draw.updateFeatureGeometry(id, result.geometry)
    const area: DrawnArea = { id, kind, geometry: result.geometry }
    this.accepted.set(id, area)
    const note =
      result.simplifiedFrom !== undefined
        ? `Freehand area simplified from ${result.simplifiedFrom.toLocaleString('en-US')} to ${result.vertices} vertices.`
        : undefined
    this.handlers.onArea(area, note)
  }

  setTool(tool: MapTool): void {
    this.tool = tool
    this.applyMode()
  }

  setMeasureKind(kind: MeasureKind): void {
    this.measureKind = kind
    this.applyMode()
  }

  private applyMode(): void {
    const mode = drawModeFor(this.tool, this.measureKind)
    if (mode === this.mode) return
    const wasMeasuring = isMeasure(this.mode)
    this.mode = mode
    if (!this.started) return
    this.draw.setMode(mode)
    // Leaving Measure (or switching between distance and area) clears the old measurement.
    if (wasMeasuring) this.clearMeasures()
    this.reportProgress()
  }

  setSketch(vertices: readonly Vertex[]): void {
    this.pendingSketch = vertices
    if (this.started) this.sketch.set(vertices)
  }

  /** Abandons a shape in progress (Escape) and deselects; the mode stays. */
  cancel(): void {
    if (!this.started) return
    const mode = this.draw.getMode()
    this.draw.setMode('static')
    this.draw.setMode(mode)
  }

  /** Brings terra-draw in line with the store's list: drops areas deleted elsewhere, adds restored ones, moves changed ones. */
  syncAreas(areas: readonly DrawnArea[]): void {
    if (!this.started) {
      this.pendingAreas = areas
      return
    }
    const wanted = new Map(areas.map((a) => [a.id, a]))
    const present = this.draw.getSnapshot()
    // Only search areas: a measured shape is terra-draw's too, and no area of the store.
    const toRemove = present
      .filter((f) => f.geometry.type === 'Polygon' && !isMeasure(f.properties?.mode) && !wanted.has(String(f.id)))
      .map((f) => f.id)
    if (toRemove.length) {
      for (const id of toRemove) this.accepted.delete(String(id))
      this.draw.removeFeatures(toRemove as NonNullable<GeoJSONStoreFeatures['id']>[])
    }
    const have = new Set(present.map((f) => String(f.id)))
    // Same id, new geometry: an undo/redo, or the store's quantized copy of a shape just drawn.
    for (const a of areas) {
      const known = this.accepted.get(a.id)
      if (have.has(a.id) && known && known.geometry !== a.geometry) {
        this.draw.updateFeatureGeometry(a.id, a.geometry)
        this.accepted.set(a.id, a)
      }
    }
    const missing = areas.filter((a) => !have.has(a.id))
    if (missing.length) {
      const features = missing.map(
        (a): GeoJSONStoreFeatures => ({
          type: 'Feature',
          id: a.id,
          geometry: a.geometry,
          // Restored shapes are edited as free polygons (terra-draw checks rectangle/circle shapes strictly).
          properties: { mode: 'polygon' },
        }),
      )
      const results = this.draw.addFeatures(features)
      results.forEach((r, i) => {
        const a = missing[i]
        if (!a) return
        if (r.valid) this.accepted.set(a.id, a)
        else
          this.handlers.onRejected(
            `Search area ${areas.indexOf(a) + 1} could not be shown on the map (${r.reason ?? 'invalid shape'}).`,
          )
      })
    }
  }

  destroy(): void {
    if (this.started) this.draw.stop()
    this.started = false
  }
}

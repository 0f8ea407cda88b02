/**
 * Binds a DrawController to a MapLibre map and keeps it in step with the store. terra-draw is its
 * own chunk, fetched as soon as the map exists (not on first tool use: a click right after choosing
 * a tool must already draw), so it stays off the initial load.
 */
import type { Map as MapLibreMap } from 'maplibre-gl'
import { useEffect, useRef, useState } from 'react'
import type { DrawnArea } from '../state/search-spec'
import type { MapTool } from '../state/ui-slice'
import type { DrawController, DrawHandlers, DrawMode } from './draw-controller'

export function drawModeFor(tool: MapTool): DrawMode {
  if (tool === 'pan' || tool === 'identify') return 'static'
  if (tool === 'line') return 'linestring'
  return tool
}

/** What drawing needs from the map owner (MapController satisfies it). */
export interface DrawHost {
  map: MapLibreMap
  whenReady(cb: () => void): void
}

export function useDraw(host: DrawHost | null, tool: MapTool, areas: readonly DrawnArea[], handlers: DrawHandlers) {
  const map = host?.map ?? null
  const [draw, setDraw] = useState<DrawController | null>(null)
  const handlersRef = useRef(handlers)
  handlersRef.current = handlers
  useEffect(() => {
    if (!map || draw) return
    let cancelled = false
    let created: DrawController | null = null
    void import('./draw-controller').then(({ DrawController }) => {
      if (cancelled) return
      created = new DrawController(map, (cb) => host?.whenReady(cb), {
        onArea: (a, note) => handlersRef.current.onArea(a, note),
        onRemoved: (id) => handlersRef.current.onRemoved(id),
        onRejected: (reason) => handlersRef.current.onRejected(reason),
        onGuide: (g) => handlersRef.current.onGuide?.(g),
      })
      setDraw(created)
    })
    return () => {
      cancelled = true
      // Only the map going away destroys the controller (the map's own teardown removes its layers).
      if (created && !map.getCanvas().isConnected) created.destroy()
    }
  }, [host, map, draw])

  useEffect(() => draw?.setMode(drawModeFor(tool)), [draw, tool])
  useEffect(() => draw?.syncAreas(areas), [draw, areas])
  useEffect(() => {
    if (!map) setDraw(null)
  }, [map])

  return draw
}

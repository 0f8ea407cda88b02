/**
 * "On screen": the first frame rendered once these sources have taken the data just given them
 * (a GeoJSON source counts as loading from setData/updateData until its worker has applied it and
 * its tiles have reloaded). The moment the benchmark's `plat:*-drawn` marks stand for.
 */
import type { Map as MapLibreMap } from 'maplibre-gl'

export function whenDrawn(map: MapLibreMap, sources: readonly string[], cb: () => void): () => void {
  const loaded = () => sources.every((id) => !map.getSource(id) || map.isSourceLoaded(id))
  const tick = () => {
    if (!loaded()) return
    map.off('render', tick)
    cb()
  }
  map.on('render', tick)
  map.triggerRepaint()
  return () => map.off('render', tick)
}

/** A performance mark for the benchmark (bench/app-keep-up.ts); only the latest of a name is kept. */
export function markDrawn(name: string, detail?: Record<string, number>): void {
  if (typeof performance === 'undefined' || typeof performance.mark !== 'function') return
  performance.clearMarks(name)
  performance.mark(name, detail ? { detail } : undefined)
}

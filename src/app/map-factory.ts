/**
 * The real map and drawing layer behind the workspace's ports. MapLibre (~300 KB gzip) and
 * terra-draw load as chunks of their own when the map pane mounts, after the shell has painted.
 */
import { CONUS_BOUNDS } from '../config/initial-view'
import type { MapFactory } from './workspace-ports'

export const realMaps: MapFactory = {
  async createMap(container, view) {
    const { MapController } = await import('../map/map-controller')
    return new MapController(view ? { container, ...view } : { container, bounds: CONUS_BOUNDS })
  },
  async createDraw(map, events) {
    const { DrawController } = await import('../draw/draw-controller')
    const host = map as unknown as import('../map/map-controller').MapController
    const draw = new DrawController(host.map, (cb) => host.whenReady(cb), events)
    return draw
  },
}

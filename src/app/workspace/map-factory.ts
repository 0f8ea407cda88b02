/**
 * The real map and drawing layer behind the workspace's ports. MapLibre (~300 KB gzip) and
 * terra-draw load as chunks of their own when the map pane mounts, after the shell has painted.
 */
import { absoluteApiUrl, connectionStore } from '../../api/connection'
import { CONUS_BOUNDS } from '../../config/initial-view'
import type { MapFactory } from '../../ports/workspace-ports'

/** Parcel tiles are our API's: they carry its key (a header, never in the URL). */
function authorize(url: string): Record<string, string> | null {
  const { baseUrl, apiKey } = connectionStore.getState()
  const tiles = absoluteApiUrl(baseUrl, '/tiles/', window.location.href)
  return apiKey && url.startsWith(tiles) ? { authorization: `Bearer ${apiKey}` } : null
}

export const realMaps: MapFactory = {
  async createMap(container, view) {
    const { MapController } = await import('../../map/map-controller')
    const place = view ? { ...view } : { bounds: CONUS_BOUNDS }
    return new MapController({ container, ...place, authorize })
  },
  async createDraw(map, events) {
    const { DrawController } = await import('../../draw/draw-controller')
    const host = map as unknown as import('../../map/map-controller').MapController
    const draw = new DrawController(host.map, (cb) => host.whenReady(cb), events)
    return draw
  },
}

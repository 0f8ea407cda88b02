/**
 * What the drawing layer's events do to the app: a finished area joins the store at the link's
 * precision, a line or point becomes a Buffer guide, a refused shape says why — and a finished shape
 * hands the map back to Pan (so the next click opens a parcel rather than starting another shape)
 * unless the person kept the tool.
 */
import type { Geometry, LineString, Polygon } from 'geojson'
import type { DrawEvents } from '../../ports/workspace-ports'
import type { AppStore } from '../../state/store'
import { SHAPE_TOOLS } from '../../state/ui-slice'
import { quantizeArea } from '../share/url-codec'

export function drawEvents(
  store: AppStore,
  openBuffer: (guide: Geometry) => void,
  onMeasure: (geometry: LineString | Polygon | null) => void = () => {},
): DrawEvents {
  // After terra-draw's own finish handling, which a mode change inside its event would cut short.
  const afterShape = () =>
    setTimeout(() => {
      const s = store.getState()
      if (!s.toolLocked && SHAPE_TOOLS.includes(s.tool)) s.setTool('pan')
    }, 0)
  return {
    onArea(area, note) {
      const st = store.getState()
      // Stored at the link's precision, so the search run here is exactly the one a link runs.
      st.putArea(quantizeArea(area))
      if (note) st.setDrawNotice({ level: 'info', message: note })
      afterShape()
    },
    onRemoved: (id) => store.getState().removeArea(id),
    onRejected: (message) => store.getState().setDrawNotice({ level: 'warning', message }),
    onGuide(geometry) {
      openBuffer(geometry)
      afterShape()
    },
    onMeasure,
  }
}

/** React view over MapController: creates it once, then pushes props into its (no-op-when-same) setters. */
import 'maplibre-gl/dist/maplibre-gl.css'
import './map.css'
import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react'
import type { ParcelRecord } from '../../contract/schemas'
import { BasemapSwitcher } from './basemap-switcher'
import { CONUS_BOUNDS, DEMO_PLACES } from './initial-view'
import { type ClickMode, type LngLat, MapController, type MapHandlers } from './map-controller'

export interface MapViewProps {
  parcels: readonly (ParcelRecord | undefined)[]
  buildings: readonly (ParcelRecord | undefined)[] | null
  lookup: readonly ParcelRecord[] | null
  selectedId: string | null
  basemap: string
  clickMode: ClickMode
  /** A shared/restored view; when absent the map frames the continental US. */
  initialView?: { center: [number, number]; zoom: number } | null
  onBasemapChange(id: string): void
  onParcelClick(svcUuid: string | null): void
  onIdentify(at: LngLat): void
  onViewChange(view: { center: [number, number]; zoom: number }): void
  /** Called once with the controller (for drawing and camera moves), and with null on unmount. */
  onController(controller: MapController | null): void
  children?: ReactNode
}

export function MapView(props: MapViewProps) {
  const containerRef = useRef<HTMLDivElement>(null)
  const [controller, setController] = useState<MapController | null>(null)
  const [pointer, setPointer] = useState<LngLat | null>(null)
  const [basemapNotice, setBasemapNotice] = useState<string | null>(null)
  const propsRef = useRef(props)
  propsRef.current = props

  // The map is created once; later props go through the controller's setters.
  useEffect(() => {
    const container = containerRef.current
    if (!container) return
    const view = propsRef.current.initialView
    const c = new MapController(view ? { container, ...view } : { container, bounds: CONUS_BOUNDS })
    setController(c)
    propsRef.current.onController(c)
    const observer = new ResizeObserver(() => c.resize())
    observer.observe(container)
    return () => {
      observer.disconnect()
      propsRef.current.onController(null)
      c.destroy()
    }
  }, [])

  // Callback-ref pattern: the controller always calls the latest props.
  useLayoutEffect(() => {
    if (!controller) return
    const handlers: MapHandlers = {
      onParcelClick: (id) => propsRef.current.onParcelClick(id),
      onIdentify: (at) => propsRef.current.onIdentify(at),
      onViewChange: (v) => propsRef.current.onViewChange(v),
      onPointer: setPointer,
      onBasemapStatus: setBasemapNotice,
    }
    controller.handlers = handlers
  }, [controller])

  useEffect(() => controller?.setParcels(props.parcels), [controller, props.parcels])
  useEffect(() => controller?.setBuildings(props.buildings), [controller, props.buildings])
  useEffect(() => controller?.setLookupParcels(props.lookup), [controller, props.lookup])
  useEffect(() => controller?.setSelected(props.selectedId), [controller, props.selectedId])
  useEffect(() => controller?.setBasemap(props.basemap), [controller, props.basemap])
  useEffect(() => controller?.setClickMode(props.clickMode), [controller, props.clickMode])

  return (
    // biome-ignore lint/a11y/noRedundantRoles: explicit role: tests and assistive-tech audits select [role=region][aria-label=Map]
    <section className="map-view" role="region" aria-label="Map">
      <div ref={containerRef} className="map-canvas" data-testid="map" />
      <div className="map-toolbar">
        <BasemapSwitcher value={props.basemap} onChange={props.onBasemapChange} />
        <PlaceJump onJump={(p) => controller?.flyTo(p.center, p.zoom)} />
      </div>
      {basemapNotice && (
        <div className="map-notice" role="status">
          {basemapNotice}
          <button type="button" className="link-button" onClick={() => props.onBasemapChange('offline')}>
            Use offline map
          </button>
        </div>
      )}
      <output className="map-coords" aria-live="off" aria-label="Cursor coordinates">
        {pointer ? `${pointer.lat.toFixed(5)}, ${pointer.lng.toFixed(5)}` : '—'}
      </output>
      {props.children}
    </section>
  )
}

/** Quick jumps to the demo counties (where the demo server has parcels). */
function PlaceJump({ onJump }: { onJump(place: (typeof DEMO_PLACES)[number]): void }) {
  return (
    <div className="basemap-switcher">
      <select
        aria-label="Jump to a demo county"
        value=""
        onChange={(e) => {
          const place = DEMO_PLACES.find((p) => p.name === e.target.value)
          if (place) onJump(place)
        }}
      >
        <option value="">Jump to…</option>
        {DEMO_PLACES.map((p) => (
          <option key={p.name} value={p.name}>
            {p.name}
          </option>
        ))}
      </select>
    </div>
  )
}

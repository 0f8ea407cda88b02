import { useId } from 'react'
import { BASEMAPS, basemapById } from './basemaps'

/**
 * The basemap picker shows what is on screen: after a fallback (offline, a blocked tile server)
 * that is the offline map, and the basemap that failed is marked unavailable.
 */
export function BasemapSwitcher({
  displayed,
  unavailable,
  onChange,
}: {
  displayed: string
  unavailable: readonly string[]
  onChange(id: string): void
}) {
  const id = useId()
  const shown = basemapById(displayed)
  return (
    <div className="basemap-switcher">
      <label htmlFor={id}>Basemap</label>
      <select id={id} value={shown.id} onChange={(e) => onChange(e.target.value)}>
        {BASEMAPS.map((b) => (
          <option key={b.id} value={b.id}>
            {unavailable.includes(b.id) ? `${b.label} (unavailable)` : b.label}
          </option>
        ))}
      </select>
    </div>
  )
}

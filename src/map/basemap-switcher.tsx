import { useId } from 'react'
import { BASEMAPS } from './basemaps'

export function BasemapSwitcher({ value, onChange }: { value: string; onChange(id: string): void }) {
  const id = useId()
  return (
    <div className="basemap-switcher">
      <label htmlFor={id}>Basemap</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        {BASEMAPS.map((b) => (
          <option key={b.id} value={b.id}>
            {b.label}
          </option>
        ))}
      </select>
    </div>
  )
}

/**
 * Distance + unit + Buffer: turns a point, line or area into search polygons, already checked by the
 * area rules (to-areas), so only shapes the server accepts are handed on.
 */
import type { Geometry, Polygon } from 'geojson'
import { useId, useState } from 'react'
import { bufferGeometry, type DistanceUnit, toMeters, UNITS } from './buffer-area'
import { toAreas } from './to-areas'

export interface BufferFormProps {
  geometry: Geometry
  /** Valid polygons (at most 100) and what was changed or left out on the way. */
  onPolygons(polygons: Polygon[], notices: string[]): void
}

export function BufferForm({ geometry, onPolygons }: BufferFormProps) {
  const ids = { distance: useId(), unit: useId(), error: useId() }
  const [distance, setDistance] = useState('100')
  const [unit, setUnit] = useState<DistanceUnit>('m')
  const [problem, setProblem] = useState<string | null>(null)
  return (
    <form
      className="buffer-form"
      onSubmit={(e) => {
        e.preventDefault()
        const r = bufferGeometry(geometry, toMeters(Number(distance), unit))
        const checked = toAreas(r.polygons)
        const problems = [...(r.problem ? [r.problem] : []), ...checked.problems]
        setProblem(problems.length ? problems.join(' ') : null)
        if (checked.areas.length > 0)
          onPolygons(
            checked.areas.map((a) => a.geometry),
            [...checked.notices, ...problems],
          )
      }}
    >
      <label htmlFor={ids.distance}>Distance</label>
      <input
        id={ids.distance}
        type="number"
        min={0}
        step="any"
        inputMode="decimal"
        value={distance}
        aria-invalid={problem !== null}
        aria-describedby={problem ? ids.error : undefined}
        onChange={(e) => setDistance(e.target.value)}
      />
      <label htmlFor={ids.unit} className="visually-hidden">
        Unit
      </label>
      <select id={ids.unit} value={unit} onChange={(e) => setUnit(e.target.value as DistanceUnit)}>
        {Object.keys(UNITS).map((u) => (
          <option key={u} value={u}>
            {u}
          </option>
        ))}
      </select>
      <button type="submit" className="button button-primary">
        Buffer
      </button>
      {problem && (
        <p id={ids.error} className="error-text" role="alert">
          {problem}
        </p>
      )}
    </form>
  )
}

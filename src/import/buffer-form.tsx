/** Distance + unit + Buffer: turns a point, line or area into search polygons. */
import type { Geometry, Polygon } from 'geojson'
import { useId, useState } from 'react'
import { bufferGeometry, type DistanceUnit, toMeters, UNITS } from './buffer-area'

export function BufferForm({ geometry, onPolygons }: { geometry: Geometry; onPolygons(p: Polygon[]): void }) {
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
        setProblem(r.problem ?? null)
        if (!r.problem) onPolygons(r.polygons)
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
      <button type="submit" className="set-button set-primary">
        Buffer
      </button>
      {problem && (
        <p id={ids.error} className="set-error">
          {problem}
        </p>
      )}
    </form>
  )
}

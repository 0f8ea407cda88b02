/**
 * The list of drawn areas under the search panel: names, acres, zoom, grow and remove, so areas can be
 * checked and edited by keyboard and screen reader, not only on the map.
 */
import { useMemo } from 'react'
import { formatAcres } from '../../format/format-value'
import { acresOf } from '../../geo/validate-area'
import type { DrawnArea } from '../../state/search-spec'
import './draw.css'

const KIND_LABEL: Record<DrawnArea['kind'], string> = {
  polygon: 'Polygon',
  rectangle: 'Rectangle',
  circle: 'Circle',
  freehand: 'Freehand',
}

export function AreaList({
  areas,
  onRemove,
  onZoom,
  onBuffer,
}: {
  areas: readonly DrawnArea[]
  onRemove(id: string): void
  onZoom(area: DrawnArea): void
  /** Grow this area by a distance (opens the buffer form). */
  onBuffer?(area: DrawnArea): void
}) {
  const rows = useMemo(() => {
    const named = new Map<string, number>()
    for (const a of areas) if (a.label) named.set(a.label, (named.get(a.label) ?? 0) + 1)
    const seen = new Map<string, number>()
    return areas.map((a, i) => {
      let name = `${KIND_LABEL[a.kind]} ${i + 1}`
      if (a.label) {
        // A county in several pieces (islands): each piece its own line, numbered.
        const n = (seen.get(a.label) ?? 0) + 1
        seen.set(a.label, n)
        name = (named.get(a.label) ?? 0) > 1 ? `${a.label} (part ${n})` : a.label
      }
      return { area: a, name, acres: acresOf(a.geometry) }
    })
  }, [areas])
  if (rows.length === 0) {
    return <p className="muted area-empty">No areas yet. Pick a drawing tool and draw on the map.</p>
  }
  const total = rows.reduce((sum, r) => sum + r.acres, 0)
  return (
    <div className="area-list">
      <ul aria-label="Drawn areas">
        {rows.map((r) => (
          <li key={r.area.id} className="area-row">
            <button
              type="button"
              className="link-button area-name"
              onClick={() => onZoom(r.area)}
              title="Zoom to this area"
            >
              {r.name}
            </button>
            <span className="area-acres">{formatAcres(r.acres, 'size')}</span>
            {onBuffer && (
              <button
                type="button"
                className="link-button area-buffer"
                aria-label={`Buffer ${r.name}`}
                title={`Search everything within a distance of ${r.name}`}
                onClick={() => onBuffer(r.area)}
              >
                Buffer
              </button>
            )}
            <button
              type="button"
              className="icon-button"
              aria-label={`Delete ${r.name}`}
              title={`Delete ${r.name}`}
              onClick={() => onRemove(r.area.id)}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      {rows.length > 1 && (
        <p className="area-total">
          {rows.length} areas · {formatAcres(total, 'size')}
        </p>
      )}
    </div>
  )
}

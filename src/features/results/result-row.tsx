/**
 * One virtualized table row, memoized: while the table scrolls vertically, rows already on screen
 * keep equal props and skip rendering, so a frame renders only the rows scrolling in.
 */
import { memo } from 'react'
import type { ParcelRecord } from '../../../contract/schemas'
import { cellText, isNumericColumn } from '../../format/record-columns'

/** The columns a row draws: the sticky first one, then the horizontally visible window. */
export interface RowColumns {
  first: { field: string; width: number; index: number } | null
  visible: { field: string; width: number; index: number }[]
  padLeft: number
  padRight: number
  totalWidth: number
}

export interface ResultRowProps {
  id: string
  position: number
  top: number
  record: ParcelRecord | undefined
  selected: boolean
  columns: RowColumns
  onSelect(id: string): void
}

function Cell({
  record,
  field,
  width,
  index,
  sticky,
}: {
  record: ParcelRecord | undefined
  field: string
  width: number
  index: number
  sticky: boolean
}) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: virtualized div grid (rows/cells are absolutely laid out)
    <div
      role="gridcell"
      tabIndex={-1}
      aria-colindex={index + 1}
      className={`res-td${sticky ? ' res-sticky-col' : ''}${isNumericColumn(field) ? ' res-num' : ''}`}
      style={{ width }}
    >
      {record ? (
        <span className="res-cell-text">{cellText(record, field)}</span>
      ) : (
        <span className="res-skeleton" aria-hidden="true" />
      )}
    </div>
  )
}

export const ResultRow = memo(function ResultRow({
  id,
  position,
  top,
  record,
  selected,
  columns,
  onSelect,
}: ResultRowProps) {
  const c = columns
  return (
    // biome-ignore lint/a11y/useSemanticElements: virtualized div grid (rows/cells are absolutely laid out)
    <div
      id={id}
      role="row"
      tabIndex={-1}
      aria-rowindex={position + 2}
      aria-selected={selected}
      aria-busy={record ? undefined : true}
      className={`res-tr${selected ? ' res-selected' : ''}${record ? '' : ' res-loading'}${position % 2 ? ' res-odd' : ''}`}
      style={{ width: c.totalWidth, transform: `translateY(${top}px)` }}
      onClick={record ? () => onSelect(record.svc_uuid) : undefined}
      onKeyDown={(e) => {
        if (record && (e.key === 'Enter' || e.key === ' ')) {
          e.preventDefault()
          onSelect(record.svc_uuid)
        }
      }}
    >
      {c.first && <Cell record={record} {...c.first} sticky />}
      {c.padLeft > 0 && <div className="res-pad" style={{ width: c.padLeft }} />}
      {c.visible.map((col) => (
        <Cell key={col.field} record={record} {...col} sticky={false} />
      ))}
      {c.padRight > 0 && <div className="res-pad" style={{ width: c.padRight }} />}
    </div>
  )
})

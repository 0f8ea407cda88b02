/**
 * Which columns the results table shows: offers every field the loaded rows have (counties add their
 * own), filterable by name, as a small dialog reachable by keyboard.
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react'
import type { ParcelRecord } from '../../../contract/schemas'
import { columnLabel, tableColumns } from '../../format/record-columns'
import { DEFAULT_COLUMNS } from '../../state/ui-slice'
import './results.css'

export function ColumnPicker({
  columns,
  onColumnsChange,
  rows,
}: {
  columns: string[]
  onColumnsChange(c: string[]): void
  rows: readonly (ParcelRecord | undefined)[]
}) {
  const [open, setOpen] = useState(false)
  const [filter, setFilter] = useState('')
  const rootRef = useRef<HTMLDivElement>(null)
  const toggleRef = useRef<HTMLButtonElement>(null)
  const filterRef = useRef<HTMLInputElement>(null)
  const popId = useId()
  const options = useMemo(() => (open ? tableColumns(rows) : []), [open, rows])
  const shown = useMemo(() => {
    const q = filter.trim().toLowerCase()
    if (!q) return options
    return options.filter((n) => n.toLowerCase().includes(q) || columnLabel(n).toLowerCase().includes(q))
  }, [options, filter])

  useEffect(() => {
    if (!open) return
    // Focus goes into the popup when it opens (it is a dialog) and back to Columns on Escape.
    filterRef.current?.focus()
    const onDown = (e: PointerEvent) => {
      if (rootRef.current && !rootRef.current.contains(e.target as Node)) setOpen(false)
    }
    document.addEventListener('pointerdown', onDown)
    return () => document.removeEventListener('pointerdown', onDown)
  }, [open])

  const toggle = (name: string, on: boolean) => {
    onColumnsChange(on ? [...columns.filter((c) => c !== name), name] : columns.filter((c) => c !== name))
  }

  return (
    <div className="res-picker" ref={rootRef}>
      <button
        ref={toggleRef}
        type="button"
        className="res-btn"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? popId : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        Columns
      </button>
      {open && (
        <div
          id={popId}
          className="res-picker-pop"
          role="dialog"
          aria-label="Choose columns"
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.stopPropagation()
              setOpen(false)
              toggleRef.current?.focus()
            }
          }}
        >
          <input
            ref={filterRef}
            className="res-picker-filter"
            type="search"
            placeholder="Filter columns"
            aria-label="Filter columns"
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
          />
          <ul className="res-picker-list">
            {shown.map((name) => (
              <li key={name}>
                <label className="res-picker-item">
                  <input
                    type="checkbox"
                    checked={columns.includes(name)}
                    onChange={(e) => toggle(name, e.target.checked)}
                  />
                  <span>{columnLabel(name)}</span>
                  {columnLabel(name) !== name && <span className="res-picker-key">{name}</span>}
                </label>
              </li>
            ))}
            {shown.length === 0 && <li className="res-muted">No matching columns</li>}
          </ul>
          <div className="res-picker-actions">
            <button
              type="button"
              className="res-btn res-btn-small"
              onClick={() => onColumnsChange([...DEFAULT_COLUMNS])}
            >
              Reset to default
            </button>
          </div>
        </div>
      )}
    </div>
  )
}

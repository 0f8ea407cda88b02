/**
 * Crop / land-cover picker: a searchable checklist of the CDL categories. `CropPicker` edits a list
 * of names (used inside the filter builder for `cdl_majority_category in/nin`); `CropFilter` is the
 * standalone panel version that owns the `cdl_majority_category in [...]` filter in the filter list.
 */
import { type KeyboardEvent, useId, useMemo, useState } from 'react'
import { CDL_BY_NAME } from '../../../contract/crops'
import type { FilterItem } from '../../../contract/schemas'
import { KIND_LABELS, searchCrops } from './crop-names'
import { applyCropSelection, cropFilterIndex, cropSelection } from './filter-edit'
import { maxUserFilters } from './filter-validation'
import './filters.css'

export interface CropPickerProps {
  selected: readonly string[]
  onChange(names: string[]): void
  label?: string
  compact?: boolean
  disabled?: boolean
}

export function CropPicker({ selected, onChange, label = 'Crop types', compact, disabled }: CropPickerProps) {
  const [query, setQuery] = useState('')
  const searchId = useId()
  const chosen = useMemo(() => new Set(selected), [selected])
  const matches = useMemo(() => searchCrops(query), [query])
  // The server may send CDL names our list lacks; keep them visible so they can be unticked.
  const extras = selected.filter((n) => !CDL_BY_NAME.has(n))

  const toggle = (name: string, on: boolean) => onChange(on ? [...selected, name] : selected.filter((n) => n !== name))
  const [active, setActive] = useState(0)
  const options = [
    ...extras.map((name) => ({ key: `x:${name}`, name, hint: 'other', checked: true })),
    ...matches.map((c) => ({
      key: String(c.code),
      name: c.name,
      hint: KIND_LABELS[c.kind],
      checked: chosen.has(c.name),
    })),
  ]
  const onListKey = (e: KeyboardEvent<HTMLUListElement>) => {
    const step = { ArrowDown: 1, ArrowUp: -1, Home: -Infinity, End: Infinity }[e.key]
    if (step === undefined) return
    e.preventDefault()
    const boxes = Array.from(e.currentTarget.querySelectorAll<HTMLInputElement>('input[type=checkbox]'))
    const at = boxes.indexOf(document.activeElement as HTMLInputElement)
    const next = Math.max(
      0,
      Math.min(boxes.length - 1, Number.isFinite(step) ? at + step : step > 0 ? boxes.length - 1 : 0),
    )
    boxes[next]?.focus()
  }

  return (
    <fieldset className={compact ? 'flt-crops flt-crops-compact' : 'flt-crops'} disabled={disabled}>
      <legend className={compact ? 'flt-visually-hidden' : 'flt-crops-legend'}>{label}</legend>
      <div className="flt-crops-tools">
        <label htmlFor={searchId} className="flt-visually-hidden">
          {`Search ${label.toLowerCase()}`}
        </label>
        <input
          id={searchId}
          type="search"
          className="flt-input"
          placeholder="Search crops…"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        <span className="flt-crops-count" aria-live="polite">
          {selected.length} selected
        </span>
        {selected.length > 0 && (
          <button type="button" className="flt-link-button" onClick={() => onChange([])}>
            Clear
          </button>
        )}
      </div>
      {/* One tab stop for the whole list; arrow keys move between the boxes (roving tabindex). */}
      <ul className="flt-crops-list" onKeyDown={onListKey}>
        {options.map((o, i) => (
          <CropOption
            key={o.key}
            name={o.name}
            hint={o.hint}
            checked={o.checked}
            tabIndex={i === Math.min(active, options.length - 1) ? 0 : -1}
            onFocus={() => setActive(i)}
            onToggle={toggle}
          />
        ))}
        {matches.length === 0 && <li className="flt-muted">No crop type matches “{query}”.</li>}
      </ul>
    </fieldset>
  )
}

function CropOption(p: {
  name: string
  hint: string
  checked: boolean
  tabIndex: number
  onFocus(): void
  onToggle(name: string, on: boolean): void
}) {
  return (
    <li>
      <label className="flt-crop-option">
        <input
          type="checkbox"
          checked={p.checked}
          tabIndex={p.tabIndex}
          onFocus={p.onFocus}
          onChange={(e) => p.onToggle(p.name, e.target.checked)}
        />
        <span className="flt-crop-name">{p.name}</span>
        <span className="flt-crop-kind">{p.hint}</span>
      </label>
    </li>
  )
}

export interface CropFilterProps {
  filters: FilterItem[]
  onChange(filters: FilterItem[]): void
  reservedSlots?: number
}

/**
 * Standalone panel picker: reads and writes the crop filter inside the shared filter list. A
 * disclosure, closed by default, so the 34 crop types are one tab stop on the way to the filters.
 */
export function CropFilter({ filters, onChange, reservedSlots = 0 }: CropFilterProps) {
  const selected = useMemo(() => cropSelection(filters), [filters])
  // Adding the crop filter needs a free slot; editing an existing one never does.
  const full = cropFilterIndex(filters) < 0 && filters.length >= maxUserFilters(reservedSlots)
  const summary =
    selected.length === 0 ? 'any' : selected.length <= 2 ? selected.join(', ') : `${selected.length} types`
  return (
    <details className="flt-crop-filter">
      <summary>
        Crop / land cover: <span className="flt-crop-summary">{summary}</span>
      </summary>
      <CropPicker
        selected={selected}
        onChange={(names) => onChange(applyCropSelection(filters, names))}
        label="Crop / land cover"
        disabled={full}
      />
      {full && <p className="flt-muted">Remove a filter to add a crop type filter (10 filters at most).</p>}
    </details>
  )
}

/**
 * Crop / land-cover picker: a searchable checklist of the CDL categories. `CropPicker` edits a list
 * of names (used inside the filter builder for `cdl_majority_category in/nin`); `CropFilter` is the
 * standalone panel version that owns the `cdl_majority_category in [...]` filter in the filter list.
 */
import { useId, useMemo, useState } from 'react'
import { CDL_BY_NAME } from '../../contract/crops'
import type { FilterItem } from '../../contract/schemas'
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
      <ul className="flt-crops-list">
        {extras.map((name) => (
          <CropOption key={`x:${name}`} name={name} hint="other" checked onToggle={toggle} />
        ))}
        {matches.map((c) => (
          <CropOption
            key={c.code}
            name={c.name}
            hint={KIND_LABELS[c.kind]}
            checked={chosen.has(c.name)}
            onToggle={toggle}
          />
        ))}
        {matches.length === 0 && <li className="flt-muted">No crop type matches “{query}”.</li>}
      </ul>
    </fieldset>
  )
}

function CropOption(p: { name: string; hint: string; checked: boolean; onToggle(name: string, on: boolean): void }) {
  return (
    <li>
      <label className="flt-crop-option">
        <input type="checkbox" checked={p.checked} onChange={(e) => p.onToggle(p.name, e.target.checked)} />
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

/** Standalone panel picker: reads and writes the crop filter inside the shared filter list. */
export function CropFilter({ filters, onChange, reservedSlots = 0 }: CropFilterProps) {
  const selected = useMemo(() => cropSelection(filters), [filters])
  // Adding the crop filter needs a free slot; editing an existing one never does.
  const full = cropFilterIndex(filters) < 0 && filters.length >= maxUserFilters(reservedSlots)
  return (
    <div className="flt-crop-filter">
      <CropPicker
        selected={selected}
        onChange={(names) => onChange(applyCropSelection(filters, names))}
        label="Crop / land cover"
        disabled={full}
      />
      {full && <p className="flt-muted">Remove a filter to add a crop type filter (10 filters at most).</p>}
    </div>
  )
}

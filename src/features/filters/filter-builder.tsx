/**
 * The filter list editor. Controlled: `filters` in, `onChange(filters)` out. Validity is computed
 * with the contract's own rules (see filter-validation.ts); the app can read it through
 * `onValidityChange` or call `validateFilters` itself to disable Search.
 */

import { useEffect, useMemo, useRef, useState } from 'react'
import { isExtensionField } from '../../../contract/fields'
import type { FilterItem } from '../../../contract/schemas'
import type { CoverageCounty } from '../../../contract/tiles'
import { cropFilterIndex, LAND_USE_FIELD, newFilter, pickerFilterIndex } from './filter-edit'
import { FilterRow } from './filter-row'
import { maxUserFilters, validateFilters } from './filter-validation'
import { PlacePicker } from './place-picker'
import { placeQuestion } from './scope-choices'
import './filters.css'

export interface FilterError {
  filterIndex?: number
  message: string
}

export interface FilterBuilderProps {
  filters: FilterItem[]
  onChange(filters: FilterItem[]): void
  /** The last server error about the filters (from ApiError): shown beside its filter, or on top. */
  errors?: FilterError | null
  /** Filters the app adds at search time (1 in area mode: the planner's svc_uuid filter). */
  reservedSlots?: number
  onValidityChange?(valid: boolean): void
  /** The server's covered counties, offered when a filter needs a place (null: unknown). */
  coveredCounties?: readonly CoverageCounty[] | null
  /** The land-use class picker above owns its `land_use_class in` filter (where the server offers it). */
  landUsePicker?: boolean
}

export function FilterBuilder({
  filters,
  onChange,
  errors,
  reservedSlots = 0,
  onValidityChange,
  coveredCounties = null,
  landUsePicker = false,
}: FilterBuilderProps) {
  const validation = useMemo(() => validateFilters(filters, reservedSlots), [filters, reservedSlots])
  // The scope rule is asked as a question only when it is the row's one problem (the same moment
  // validation reports it: every filter otherwise sound).
  const place = placeQuestion(filters)
  const placeIndex =
    place && validation.perFilter[place.filterIndex]?.startsWith('missing required scope') ? place.filterIndex : -1
  const keys = useStableKeys(filters.length)
  const room = maxUserFilters(reservedSlots)
  // The crop types ticked in the crop list above are a filter of the list, edited there, not twice.
  const cropIndex = cropFilterIndex(filters)
  const landUseIndex = landUsePicker ? pickerFilterIndex(filters, LAND_USE_FIELD) : -1
  const shown = filters.map((f, i) => ({ f, i })).filter(({ i }) => i !== cropIndex && i !== landUseIndex)
  const [added, setAdded] = useState<number | null>(null)

  const onValidityRef = useRef(onValidityChange)
  onValidityRef.current = onValidityChange
  useEffect(() => onValidityRef.current?.(validation.valid), [validation.valid])

  const serverIndex =
    errors?.filterIndex !== undefined && errors.filterIndex < filters.length ? errors.filterIndex : undefined
  const serverTop = errors && serverIndex === undefined ? errors.message : null

  const update = (i: number, f: FilterItem) => onChange(filters.map((g, j) => (j === i ? f : g)))
  const remove = (i: number) => {
    keys.remove(i)
    onChange(filters.filter((_, j) => j !== i))
  }
  const add = () => {
    keys.add()
    setAdded(keys.ids.at(-1) ?? null)
    onChange([...filters, newFilter()])
  }

  return (
    <div className="flt-builder">
      {serverTop && (
        <p className="flt-problem flt-problem-top" role="alert">
          <span className="flt-problem-source">Server: </span>
          {serverTop}
        </p>
      )}
      {validation.general && (
        <p className="flt-problem flt-problem-top" role="alert">
          {validation.general}
        </p>
      )}
      {shown.length === 0 ? (
        <p className="flt-muted">
          {cropIndex < 0 && landUseIndex < 0 ? 'No filters: every parcel in the area matches.' : 'No other filters.'}
        </p>
      ) : (
        <ol className="flt-list" aria-label="Filters (all must match)">
          {shown.map(({ f, i }, position) => (
            <FilterRow
              key={keys.ids[i]}
              index={position}
              focusOnMount={keys.ids[i] === added}
              filter={f}
              onChange={(next) => update(i, next)}
              onRemove={() => remove(i)}
              problem={validation.perFilter[i] ?? null}
              serverProblem={i === serverIndex ? (errors?.message ?? null) : null}
              question={
                i === placeIndex && place ? (
                  <PlacePicker
                    question={place.question}
                    filters={filters}
                    onChange={onChange}
                    counties={coveredCounties}
                  />
                ) : undefined
              }
            />
          ))}
        </ol>
      )}
      {shown.some(({ f }) => isExtensionField(f.field)) && (
        <p className="flt-muted flt-extension-note">
          Rotation, corn years and the land-use class are derived by Plat's own server, which filters on them; with any
          other server Plat loads the parcels your other filters match and applies these in your browser.
        </p>
      )}
      <div className="flt-builder-footer">
        <button type="button" className="flt-add-button" onClick={add} disabled={filters.length >= room}>
          + Add filter
        </button>
        <span className="flt-muted">
          {filters.length} of {room} filters
          {cropIndex >= 0 ? ' (the crop types count as one)' : ''}
          {landUseIndex >= 0 ? ' (the land-use classes count as one)' : ''}
          {reservedSlots > 0 ? ' (one slot is used by the area search)' : ''}
        </span>
      </div>
    </div>
  )
}

/**
 * Filters carry no ids, and index keys would hand one row's half-typed number to its neighbour
 * after a removal. Ids are kept beside the list and follow our own add/remove; a length change made
 * elsewhere (URL load, crop picker) just re-synchronises them.
 */
function useStableKeys(length: number) {
  const next = useRef(0)
  const ids = useRef<number[]>([])
  const make = () => next.current++
  while (ids.current.length < length) ids.current.push(make())
  if (ids.current.length > length) ids.current.length = length
  return {
    ids: ids.current,
    add: () => ids.current.push(make()),
    remove: (i: number) => ids.current.splice(i, 1),
  }
}

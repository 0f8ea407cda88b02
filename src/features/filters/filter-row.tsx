/** One filter: field → its valid operators → the value editor that fits, with the reason inline when invalid. */
import { type ReactNode, useEffect, useId, useRef } from 'react'
import { FIELDS, fieldDef, type Operator, operatorsFor } from '../../../contract/fields'
import type { FilterItem } from '../../../contract/schemas'
import { changeField, changeOperator } from './filter-edit'
import { GROUP_LABELS, OPERATOR_LABELS } from './operator-labels'
import { ValueEditor } from './value-editor'

/**
 * Fields people look for by name come first in their group, so typing "State" in the menu lands on
 * State, not State FIPS (a native select jumps to the first label that starts with what is typed).
 */
const FIRST = ['state', 'county', 'state_fp', 'county_fp']
const rank = (name: string) => (FIRST.includes(name) ? FIRST.indexOf(name) : FIRST.length)
const GROUPS = (['text', 'numeric', 'id'] as const).map((group) => ({
  group,
  label: GROUP_LABELS[group],
  fields: FIELDS.filter((f) => f.group === group).sort((a, b) => rank(a.name) - rank(b.name)),
}))

export interface FilterRowProps {
  index: number
  /** Move focus to this row's field menu when it mounts (a filter just added). */
  focusOnMount?: boolean
  filter: FilterItem
  onChange(filter: FilterItem): void
  onRemove(): void
  /** Client-side reason (from validation) or the server's message for this filter. */
  problem: string | null
  serverProblem: string | null
  /** Shown instead of `problem`: a question the user answers in place (the scope rule's place pick-list). */
  question?: ReactNode
}

export function FilterRow({
  index,
  focusOnMount,
  filter,
  onChange,
  onRemove,
  problem,
  serverProblem,
  question,
}: FilterRowProps) {
  const problemId = useId()
  const fieldRef = useRef<HTMLSelectElement>(null)
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on mount
  useEffect(() => {
    if (focusOnMount) fieldRef.current?.focus()
  }, [])
  const label = `Filter ${index + 1}`
  const known = fieldDef(filter.field) !== undefined
  const ops = operatorsFor(filter.field)
  const hasProblem = problem !== null || serverProblem !== null || !!question
  const describedBy = hasProblem ? problemId : undefined

  return (
    <li className={hasProblem ? 'flt-row flt-row-invalid' : 'flt-row'}>
      <div className="flt-row-controls">
        <select
          ref={fieldRef}
          className="flt-select flt-select-field"
          aria-label={`${label} field`}
          value={filter.field}
          onChange={(e) => onChange(changeField(filter, e.target.value))}
        >
          {!known && <option value={filter.field}>{filter.field} (unknown)</option>}
          {GROUPS.map((g) => (
            <optgroup key={g.group} label={g.label}>
              {g.fields.map((f) => (
                <option key={f.name} value={f.name} title={f.meaning}>
                  {f.label}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
        <select
          className="flt-select flt-select-op"
          aria-label={`${label} operator`}
          value={filter.op}
          onChange={(e) => onChange(changeOperator(filter, e.target.value))}
        >
          {!ops.includes(filter.op as Operator) && <option value={filter.op}>{filter.op} (not valid)</option>}
          {ops.map((op) => (
            <option key={op} value={op}>
              {OPERATOR_LABELS[op]}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="flt-icon-button"
          aria-label={`Remove ${label.toLowerCase()}`}
          onClick={onRemove}
        >
          ×
        </button>
      </div>
      <div className="flt-row-value">
        <ValueEditor
          filter={filter}
          label={label}
          describedBy={describedBy}
          invalid={hasProblem}
          onChange={(value) => onChange({ ...filter, value })}
        />
      </div>
      {hasProblem && (
        <div id={problemId} className="flt-problem">
          {question ?? (problem && <p>{problem}</p>)}
          {serverProblem && (
            <p role="alert">
              <span className="flt-problem-source">Server: </span>
              {serverProblem}
            </p>
          )}
        </div>
      )}
    </li>
  )
}

/**
 * "Look up a list": paste parcel numbers or coordinates, or open a CSV; check which columns hold
 * what (and the county, when the list has none); see the cost; run with a progress bar and Cancel;
 * then a "not found" report with the reason per row, exportable with the list's own columns.
 */
import { type ChangeEvent, useId, useState } from 'react'
import type { CoverageCounty } from '../../../contract/tiles'
import type { NotFoundReason } from './batch-plan'
import type { ColumnGuess } from './batch-table'
import { CallsLine, Progress, plural } from './holdings-ui'
import type { ListSetup, ListState } from './holdings-views'

export interface ListPanelProps {
  state: ListState
  counties: readonly CoverageCounty[]
  onLoad(text: string, source: string): void
  onChange(change: Partial<Pick<ListSetup, 'columns' | 'county'>>): void
  onRun(): void
  onCancel(): void
  onClear(): void
  onShowTable(): void
  onExport(onlyNotFound: boolean): void
}

/** Larger files are refused before reading: a list of 10,000 rows is well under it. */
const MAX_FILE_BYTES = 5 * 1024 * 1024

export function ListPanel(p: ListPanelProps) {
  const s = p.state
  return (
    <div className="hold-panel">
      {s.status === 'empty' ? <Input onLoad={p.onLoad} problem={s.problem} /> : <Setup {...p} setup={s.setup} />}
    </div>
  )
}

function Input({ onLoad, problem }: { onLoad: ListPanelProps['onLoad']; problem?: string }) {
  const [text, setText] = useState('')
  const [fileProblem, setFileProblem] = useState<string | null>(null)
  const textId = useId()
  const fileId = useId()
  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0]
    e.target.value = ''
    if (!file) return
    if (file.size > MAX_FILE_BYTES) return setFileProblem(`${file.name} is larger than 5 MB; split the list.`)
    setFileProblem(null)
    onLoad(await file.text(), file.name)
  }
  return (
    <>
      <label htmlFor={textId}>Parcel numbers or latitude, longitude — one per line, or a CSV with a header</label>
      <textarea
        id={textId}
        rows={7}
        value={text}
        spellCheck={false}
        placeholder={'APN,County\n01-05-100-001,Story\n…\n\nor\n\n42.03, -93.61'}
        onChange={(e) => setText(e.target.value)}
      />
      <div className="hold-row">
        <button
          type="button"
          className="button button-primary"
          disabled={text.trim() === ''}
          onClick={() => onLoad(text, 'pasted list')}
        >
          Read list
        </button>
        <label htmlFor={fileId} className="button">
          Open CSV…
        </label>
        <input
          id={fileId}
          type="file"
          accept=".csv,.txt,.tsv,text/csv,text/plain"
          className="visually-hidden"
          onChange={onFile}
        />
      </div>
      {(problem || fileProblem) && (
        <p role="alert" className="notice notice-warning">
          {fileProblem ?? problem}
        </p>
      )}
    </>
  )
}

const REASON_TEXT: Record<NotFoundReason, string> = {
  'unknown number': 'Unknown number',
  'outside coverage': 'Outside coverage',
  'point in no parcel': 'Point in no parcel',
  'unreadable row': 'Unreadable row',
}

function Setup(p: ListPanelProps & { setup: ListSetup }) {
  const { setup, state: s } = p
  const t = setup.table
  const cols = setup.columns
  const pick = (field: keyof ColumnGuess, label: string, allowNone: boolean) => (
    <ColumnSelect
      label={label}
      header={t.header}
      value={cols[field] as number | null}
      allowNone={allowNone}
      onChange={(v) => p.onChange({ columns: { ...cols, [field]: v } })}
    />
  )
  const skipped = setup.plan.lookups.filter((l) => l.kind === 'skip').length
  const numbers = setup.plan.numberQueries.reduce((n, q) => n + q.numbers.length, 0)
  return (
    <>
      <p>
        <strong>{setup.source}</strong>: {plural(t.rows.length, 'row')}
        {t.hasHeader ? ` · columns ${t.header.join(', ')}` : ''}
      </p>
      {t.problems.map((x) => (
        <p key={x} className="notice notice-warning" role="note">
          {x}
        </p>
      ))}
      <fieldset className="hold-cols" disabled={s.status === 'running'}>
        <legend>The list holds</legend>
        <label className="checkbox">
          <input
            type="radio"
            name="list-kind"
            checked={cols.kind === 'numbers'}
            onChange={() => p.onChange({ columns: { ...cols, kind: 'numbers', number: cols.number ?? 0 } })}
          />
          Parcel numbers
        </label>
        <label className="checkbox">
          <input
            type="radio"
            name="list-kind"
            checked={cols.kind === 'points'}
            onChange={() =>
              p.onChange({
                columns: {
                  ...cols,
                  kind: 'points',
                  lat: cols.lat ?? 0,
                  lon: cols.lon ?? Math.min(1, t.header.length - 1),
                },
              })
            }
          />
          Latitude / longitude points
        </label>
        {cols.kind === 'numbers' ? (
          <>
            {pick('number', 'Parcel number column', false)}
            {pick('county', 'County column', true)}
            {cols.county !== null && pick('state', 'State column', true)}
            <CountySelect
              counties={p.counties}
              value={setup.county}
              onChange={(county) => p.onChange({ county })}
              withColumn={cols.county !== null}
            />
          </>
        ) : (
          <>
            {pick('lat', 'Latitude column', false)}
            {pick('lon', 'Longitude column', false)}
          </>
        )}
      </fieldset>
      <p className="hold-cost">
        <strong>Cost:</strong>{' '}
        {cols.kind === 'numbers'
          ? `${plural(setup.plan.numberQueries.length, 'query', 'queries')} for ${plural(numbers, 'distinct number')} (1 per county, more only past 100 parcels found: 1 call per 100)`
          : `${plural(setup.plan.points.length, 'point lookup')} (1 call per distinct point inside the covered counties)`}
        {skipped > 0 ? `; ${plural(skipped, 'row')} need no call (outside coverage or unreadable)` : ''}. Answers
        already fetched are free.
      </p>
      {s.status === 'running' ? (
        <div role="status" className="hold-running">
          <Progress done={s.done} planned={s.planned} label="List lookup progress" />
          <button type="button" className="button" onClick={p.onCancel}>
            Cancel
          </button>
        </div>
      ) : (
        <div className="hold-row">
          <button
            type="button"
            className="button button-primary"
            onClick={p.onRun}
            disabled={setup.calls === 0 && skipped === 0}
          >
            Look up {plural(t.rows.length, 'row')}
          </button>
          <button type="button" className="button" onClick={p.onClear}>
            New list
          </button>
        </div>
      )}
      {s.status === 'failed' && (
        <p role="alert" className="notice notice-warning">
          {s.message}
        </p>
      )}
      {s.status === 'done' && <Answers {...p} state={s} />}
    </>
  )
}

function Answers(p: ListPanelProps & { state: Extract<ListState, { status: 'done' }> }) {
  const { result, setup } = p.state
  const missing = result.answers.filter((a) => a.reason)
  const firstCol = setup.columns.kind === 'numbers' ? setup.columns.number : setup.columns.lat
  return (
    <section className="hold-section" aria-label="List answers">
      <p role="status">
        <strong>
          {plural(result.answers.length - missing.length, 'row')} found, {plural(missing.length, 'row')} not found
        </strong>{' '}
        · {plural(result.records.length, 'parcel')}
      </p>
      <p className="muted hold-formula">{plural(p.state.calls, 'call')} is the least this list takes.</p>
      <CallsLine tally={p.state.tally} />
      <div className="hold-row">
        <button type="button" className="button" onClick={p.onShowTable} disabled={result.records.length === 0}>
          Show parcels in the table
        </button>
        <button type="button" className="button" onClick={() => p.onExport(false)}>
          Export list with answers (CSV)
        </button>
      </div>
      {missing.length > 0 && (
        <>
          <h3>Not found</h3>
          <table className="hold-missing">
            <thead>
              <tr>
                <th scope="col">Line</th>
                <th scope="col">{setup.table.header[firstCol ?? 0]}</th>
                <th scope="col">Reason</th>
              </tr>
            </thead>
            <tbody>
              {missing.slice(0, 200).map((a) => (
                <tr key={a.index}>
                  {/* The line in the user's file: what a spreadsheet shows beside the row. */}
                  <td>{a.index + 1 + (setup.table.hasHeader ? 1 : 0)}</td>
                  <td>{setup.table.rows[a.index]?.[firstCol ?? 0]}</td>
                  <td title={a.detail ?? undefined}>
                    {a.reason ? REASON_TEXT[a.reason] : ''}
                    {a.detail ? ` — ${a.detail}` : ''}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {missing.length > 200 && (
            <p className="muted">The first 200 are shown; the export has all {missing.length}.</p>
          )}
          <button type="button" className="button" onClick={() => p.onExport(true)}>
            Export the not-found list (CSV)
          </button>
        </>
      )}
    </section>
  )
}

function ColumnSelect(props: {
  label: string
  header: string[]
  value: number | null
  allowNone: boolean
  onChange(v: number | null): void
}) {
  const id = useId()
  return (
    <div className="hold-row">
      <label htmlFor={id}>{props.label}</label>
      <select
        id={id}
        value={props.value ?? ''}
        onChange={(e) => props.onChange(e.target.value === '' ? null : Number(e.target.value))}
      >
        {props.allowNone && <option value="">(none)</option>}
        {props.header.map((h, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: columns are positions; names may repeat
          <option key={i} value={i}>
            {h}
          </option>
        ))}
      </select>
    </div>
  )
}

function CountySelect(props: {
  counties: readonly CoverageCounty[]
  value: CoverageCounty | null
  withColumn: boolean
  onChange(c: CoverageCounty | null): void
}) {
  const id = useId()
  const key = (c: CoverageCounty) => c.state_fp + c.county_fp
  return (
    <div className="hold-row">
      <label htmlFor={id}>{props.withColumn ? 'County for rows without one' : 'County of the list'}</label>
      <select
        id={id}
        value={props.value ? key(props.value) : ''}
        onChange={(e) => props.onChange(props.counties.find((c) => key(c) === e.target.value) ?? null)}
      >
        <option value="">{props.withColumn ? '(none)' : 'Pick a county…'}</option>
        {props.counties.map((c) => (
          <option key={key(c)} value={key(c)}>
            {c.county}, {c.state}
          </option>
        ))}
      </select>
    </div>
  )
}

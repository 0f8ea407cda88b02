/** Small pieces the holdings panels share: numbers, a progress bar, a cost question, file buttons. */
import type { ReactNode } from 'react'
import type { Spent } from '../../calls/tally'
import { ACRE_WORDS, type AcreTotals, acreTotalText } from '../../format/acreage'
import type { FileKind } from './holdings-views'

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits })
export const plural = (n: number, one: string, many = `${one}s`) => `${fmt(n)} ${n === 1 ? one : many}`
export const acresText = (n: number) => `${fmt(n, n < 100 ? 2 : 1)} ac`
/** Both acreages of a holding or assemblage, named, as `<dl>` rows. */
export function AcreFacts({ totals, testId }: { totals: AcreTotals; testId: string }) {
  return (
    <>
      <div title={ACRE_WORDS.measured.source}>
        <dt>{ACRE_WORDS.measured.label}</dt>
        <dd data-testid={`${testId}-acres`}>{acreTotalText(totals.measured)}</dd>
      </div>
      <div title={ACRE_WORDS.recorded.source}>
        <dt>{ACRE_WORDS.recorded.label}</dt>
        <dd data-testid={`${testId}-recorded-acres`}>{acreTotalText(totals.recorded)}</dd>
      </div>
    </>
  )
}

export const usd = (n: number) => `$${fmt(Math.round(n))}`

/** "3 calls · 2 answers from cache". */
export function CallsLine({ tally }: { tally: Spent }) {
  return (
    <p className="muted hold-calls">
      API calls: {plural(tally.calls, 'call')}
      {tally.cached > 0 ? ` · ${plural(tally.cached, 'answer')} from cache` : ''}
    </p>
  )
}

export function Progress({ done, planned, label }: { done: number; planned: number; label: string }) {
  const max = Math.max(planned, done, 1)
  return (
    <div className="hold-progress">
      <progress max={max} value={done} aria-label={label} />
      <span className="muted">
        {fmt(done)} / {fmt(max)} requests
      </span>
    </div>
  )
}

export function AskCost({
  calls,
  records,
  onAnswer,
  children,
}: {
  calls: number
  records: number
  onAnswer(yes: boolean): void
  children?: ReactNode
}) {
  return (
    <div className="hold-ask" role="alertdialog" aria-label="Confirm the cost">
      <p>
        This needs {plural(calls, 'more call')} for {plural(records, 'parcel')}.{children}
      </p>
      <div className="hold-row">
        <button type="button" className="button button-primary" onClick={() => onAnswer(true)}>
          Continue
        </button>
        <button type="button" className="button" onClick={() => onAnswer(false)}>
          Cancel
        </button>
      </div>
    </div>
  )
}

const KINDS: { kind: FileKind; label: string }[] = [
  { kind: 'geojson', label: 'GeoJSON' },
  { kind: 'kml', label: 'KML' },
  { kind: 'csv', label: 'CSV' },
]

/** "Export holdings: GeoJSON KML CSV". */
export function FileButtons({
  label,
  onExport,
  disabled,
}: {
  label: string
  onExport(kind: FileKind): void
  disabled?: boolean
}) {
  return (
    <fieldset className="hold-files">
      <legend className="muted">{label}:</legend>
      {KINDS.map((k) => (
        <button key={k.kind} type="button" className="button" disabled={disabled} onClick={() => onExport(k.kind)}>
          {k.label}
        </button>
      ))}
    </fieldset>
  )
}

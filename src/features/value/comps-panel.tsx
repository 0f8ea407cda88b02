/**
 * "What is this worth?": comparable sales for one subject (a parcel, a drawn area, a holding).
 * Controlled: the choices, pins/drops and valuation date live in the store (and the shared link);
 * the panel runs the search they define, shows progress, asks before an expensive search, then the
 * indicated value, notes, chart and the ranked, steerable table, and offers the comps as CSV.
 *
 * Speed: a repeat the memory cache holds whole is answered during render (`salesInMemory`), so the
 * ranked list is in the panel's first frame; the ranking is memoised (comps-memo.ts).
 */
import type { Polygon } from 'geojson'
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react'
import type { Comp, CompsResult } from '../../../contract/comps/comps-analysis'
import type { LonLat } from '../../../contract/comps/comps-geo'
import { compsRequest } from '../../../contract/comps/comps-request'
import { settingsFor, settingsProblem } from '../../../contract/comps/comps-settings'
import type { CompsSubject } from '../../../contract/comps/comps-subject'
import type { ParcelRecord } from '../../../contract/schemas'
import { Cancelled } from '../../calls/runner'
import { formatAcres } from '../../format/format-value'
import type { CompsChoices, CompsOverride } from '../../state/comps-slice'
import { type Backtest, backtestCsvRows } from './comps-backtest'
import { backtestCompsMemo, runBacktest, warmBacktest } from './comps-backtest-run'
import { COMPS_CSV_HEADER, compsCsvRows } from './comps-csv'
import { analyzeCompsMemo } from './comps-memo'
import { CompsResultView } from './comps-result-view'
import {
  type CompsProgress,
  type CompsSources,
  type FoundSales,
  findSales,
  type SalesQuery,
  salesInMemory,
} from './comps-search'
import { CompsSettingsForm } from './comps-settings-form'
import './comps.css'

/** More query calls than this are shown and confirmed before they are made. */
const CONFIRM_CALLS = 25

export interface CompsPanelProps {
  /** Keep it the same object while it is the same subject: a new one starts a new search. */
  subject: CompsSubject
  choices: CompsChoices | null
  overrides: Readonly<Record<string, CompsOverride>>
  /**
   * The valuation date, YYYY-MM-DD, or null for the latest open-market sale found; `today` ends the
   * sale window when no date is set.
   */
  asOf: string | null
  today: string
  sources: CompsSources
  /** The radius circle as search polygons (the app's buffer code). */
  circle(center: LonLat, meters: number): Polygon[]
  onChoices(choices: CompsChoices | null): void
  onOverride(id: string, override: CompsOverride | null): void
  onAsOf(date: string | null): void
  onClose(): void
  onOpenComp(record: ParcelRecord): void
  /** The analysed comps (or null), e.g. for the map. */
  onResult?(result: CompsResult | null, subject: CompsSubject): void
  /** Saves the CSV (text) under a file name. */
  onDownload(csv: { header: readonly string[]; rows: unknown[][] }, fileName: string): void
  /** More actions beside Download CSV, filled in by the app (the comps report's button). */
  actions?: ReactNode
}

type Run = { query: SalesQuery | null } & (
  | { state: 'idle' }
  | { state: 'running'; progress: CompsProgress }
  | { state: 'confirm'; calls: number; records: number; answer(ok: boolean): void }
  | { state: 'done'; found: FoundSales }
  | { state: 'failed'; message: string }
)

const START: CompsProgress = { calls: 0, cached: 0, planned: 1, records: 0 }

export function CompsPanel(props: CompsPanelProps) {
  const { subject, choices, overrides, asOf, sources, circle, onResult } = props
  const headingId = useId()
  const heading = useRef<HTMLHeadingElement>(null)
  const [runs, setRuns] = useState(0)
  const settings = useMemo(() => settingsFor(subject, choices), [subject, choices])
  const problem = settingsProblem(settings, subject)
  const windowEnd = asOf ?? props.today
  const query = useMemo<SalesQuery | null>(() => {
    if (problem) return null
    const r = compsRequest(subject, settings, windowEnd)
    return { circle: circle(r.center, r.meters), filters: r.filters, loose: r.loose }
  }, [subject, settings, windowEnd, circle, problem])
  // Everything already in memory: done in this very render.
  const fromMemory = useMemo(() => (query ? salesInMemory(sources, query) : null), [query, sources])
  const [run, setRun] = useState<Run>({ state: 'idle', query: null })
  const current: Run =
    run.query === query
      ? run
      : fromMemory
        ? { state: 'done', query, found: fromMemory }
        : { state: 'running', query, progress: START }
  const abort = useRef<AbortController | null>(null)

  useEffect(() => heading.current?.focus({ preventScroll: true }), [])
  // The back-test's worker loads while the calls are out, not after the list.
  useEffect(warmBacktest, [])

  // biome-ignore lint/correctness/useExhaustiveDependencies: `runs` restarts the search on purpose
  useEffect(() => {
    if (!query || fromMemory) return
    const controller = new AbortController()
    abort.current = controller
    const live = () => !controller.signal.aborted
    setRun({ state: 'running', query, progress: START })
    findSales(sources, query, {
      signal: controller.signal,
      onProgress: (progress) => live() && setRun({ state: 'running', query, progress }),
      confirmAbove: CONFIRM_CALLS,
      confirm: (calls, records) =>
        new Promise<boolean>((resolve) =>
          setRun({
            state: 'confirm',
            query,
            calls,
            records,
            answer: (ok) => {
              if (ok) setRun({ state: 'running', query, progress: { ...START, planned: calls } })
              resolve(ok)
            },
          }),
        ),
    }).then(
      (found) => live() && setRun({ state: 'done', query, found }),
      (e: unknown) => {
        if (!live()) return
        if (e instanceof Cancelled) setRun({ state: 'idle', query })
        else setRun({ state: 'failed', query, message: e instanceof Error ? e.message : String(e) })
      },
    )
    return () => controller.abort()
  }, [query, runs])

  const found = current.state === 'done' ? current.found : null
  const result = useMemo(
    () => (found ? analyzeCompsMemo(subject, found.records, settings, windowEnd, overrides, asOf) : null),
    [found, subject, settings, windowEnd, overrides, asOf],
  )
  // The back-test after the panel's own frame too: one comps analysis per tested sale.
  const [tested, setTested] = useState<{ of: CompsResult; backtest: Backtest } | null>(null)
  useEffect(
    () => (result ? runBacktest(result, settings, (backtest) => setTested({ of: result, backtest })) : undefined),
    [result, settings],
  )
  const backtest = tested && tested.of === result ? tested.backtest : null

  // The map after the panel's own frame: its GeoJSON update must not hold up the ranked list.
  useEffect(() => {
    const t = setTimeout(() => onResult?.(result, subject), 0)
    return () => clearTimeout(t)
  }, [result, subject, onResult])

  const download = () => {
    if (!result) return
    const name = subject.label.replace(/[^\w.-]+/g, '-')
    props.onDownload(
      { header: COMPS_CSV_HEADER, rows: compsCsvRows(result, backtestCsvRows(backtestCompsMemo(result, settings))) },
      `comps-${name}-${result.valuation.date}.csv`,
    )
  }
  const again = () => setRuns((n) => n + 1)

  return (
    <section className="comps-panel" aria-labelledby={headingId}>
      <header className="comps-header">
        <div>
          <h2 id={headingId} ref={heading} tabIndex={-1}>
            Comparable sales
          </h2>
          <p className="comps-sub">{subjectLine(subject)}</p>
        </div>
        <button type="button" className="pd-close" aria-label="Close comparable sales" onClick={props.onClose}>
          ×
        </button>
      </header>

      <details className="comps-settings-box">
        <summary>
          Within {settings.radiusMiles} mi · sold since {result?.windowStart ?? `${settings.years} yr`} · acres ±
          {Math.round(settings.acresBand * 100)} %{choices ? '' : ' (defaults)'}
        </summary>
        <CompsSettingsForm
          key={JSON.stringify(settings)}
          settings={settings}
          busy={current.state === 'running'}
          onRun={(next) => {
            props.onChoices(next)
            again()
          }}
          onDefaults={choices ? () => props.onChoices(null) : undefined}
        />
      </details>
      {result && !problem && (
        <ValuationDate key={result.valuation.date} result={result} asOf={asOf} onAsOf={props.onAsOf} />
      )}
      {problem && <p role="alert">{problem}</p>}
      {current.state === 'idle' && !problem && (
        <p>
          Search stopped.{' '}
          <button type="button" className="link-button" onClick={again}>
            Find comps
          </button>
        </p>
      )}
      {current.state === 'running' && (
        <p role="status" className="comps-progress">
          Finding sales… {current.progress.calls + current.progress.cached} of {current.progress.planned} calls
          {current.progress.records > 0 && ` · ${current.progress.records.toLocaleString('en-US')} sold parcels`}
          <progress value={current.progress.calls + current.progress.cached} max={current.progress.planned} />
          <button
            type="button"
            className="link-button"
            onClick={() => {
              abort.current?.abort()
              setRun({ state: 'idle', query })
            }}
          >
            Cancel
          </button>
        </p>
      )}
      {current.state === 'confirm' && (
        <div role="alertdialog" aria-label="Confirm a large comps search" className="comps-confirm">
          <p>
            This needs {current.calls} more calls to read {current.records.toLocaleString('en-US')} sold parcels. A
            smaller radius or acres band costs less.
          </p>
          <button type="button" className="comps-primary" onClick={() => current.answer(true)}>
            Make {current.calls} calls
          </button>{' '}
          <button type="button" onClick={() => current.answer(false)}>
            Cancel
          </button>
        </div>
      )}
      {current.state === 'failed' && (
        <p role="alert" className="comps-error">
          Could not find sales: {current.message}{' '}
          <button type="button" className="link-button" onClick={again}>
            Try again
          </button>
        </p>
      )}
      {found && result && !problem && (
        <CompsResultView
          result={result}
          backtest={backtest}
          found={found}
          acres={subject.acres}
          onOpen={(c: Comp) => props.onOpenComp(c.record)}
          onOverride={props.onOverride}
          onDownload={download}
          actions={props.actions}
        />
      )}
    </section>
  )
}

/** The valuation date, what it is (the data's last sale, or set), and a way to set another. */
function ValuationDate(p: { result: CompsResult; asOf: string | null; onAsOf(date: string | null): void }) {
  const v = p.result.valuation
  const [draft, setDraft] = useState(v.date)
  return (
    <form
      className="comps-asof"
      onSubmit={(e) => {
        e.preventDefault()
        if (/^\d{4}-\d{2}-\d{2}$/.test(draft)) p.onAsOf(draft)
      }}
    >
      <span data-testid="comps-asof">
        Valued as of {v.date}
        {v.fromData ? (v.lastSale ? ', the latest sale in the radius' : '') : ' (a date set by you or the link)'}.
      </span>{' '}
      <label>
        Another date <input type="date" value={draft} onChange={(e) => setDraft(e.target.value)} />
      </label>{' '}
      <button type="submit" className="link-button">
        Value as of it
      </button>
      {p.asOf !== null && (
        <>
          {' '}
          <button type="button" className="link-button" onClick={() => p.onAsOf(null)}>
            Value as of the latest sale
          </button>
        </>
      )}
      {v.extrapolatedYears > 0 && (
        <strong className="comps-extrapolated" data-testid="comps-extrapolated">
          {' '}
          Projected: the time adjustment runs {v.extrapolatedYears.toFixed(1)} years beyond the last sale ({v.lastSale}
          ); no sale shows prices after it.
        </strong>
      )}
    </form>
  )
}

function subjectLine(s: CompsSubject): string {
  const parts = [s.label, `${formatAcres(s.acres)} ac`]
  parts.push(s.landUse ? s.landUse.toLowerCase() : 'land use unknown: any use')
  if (s.csr2 !== null) parts.push(`CSR2 ${s.csr2}`)
  return parts.join(' · ')
}

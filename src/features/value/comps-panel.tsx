/**
 * "What is this parcel worth?": comparable sales for one subject parcel. Runs the comps search with
 * sensible defaults as it opens, shows progress, asks before an expensive search, then the indicated
 * value (with its range, n and the words that it is not an appraisal), the trend and soil notes, the
 * chart and the ranked, steerable table, and offers the comps as CSV.
 */
import type { Polygon } from 'geojson'
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react'
import type { ParcelRecord } from '../../../contract/schemas'
import { analyzeComps, type Comp, type CompsResult, type Override } from './comps-analysis'
import { CompsChart } from './comps-chart'
import { COMPS_CSV_HEADER, compsCsvRows } from './comps-csv'
import { type LonLat, milesToMeters, parcelPoint } from './comps-geo'
import { compsFilters } from './comps-plan'
import { CompsCancelled, type CompsProgress, type CompsSources, type FoundSales, findSales } from './comps-search'
import { type CompsSettings, defaultSettings, settingsProblem } from './comps-settings'
import { CompsSettingsForm } from './comps-settings-form'
import { CompsTable, usd } from './comps-table'
import './comps.css'

/** More query calls than this are shown and confirmed before they are made. */
const CONFIRM_CALLS = 25

export interface CompsPanelProps {
  subject: ParcelRecord
  sources: CompsSources
  /** The radius circle as search polygons (the app's buffer code). */
  circle(center: LonLat, meters: number): Polygon[]
  /** The valuation date, YYYY-MM-DD. */
  today: string
  onClose(): void
  onOpenComp(record: ParcelRecord): void
  /** The analysed comps (or null), e.g. for the map. */
  onResult?(result: CompsResult | null, subject: ParcelRecord): void
  /** Saves the CSV (text) under a file name. */
  onDownload(csv: { header: readonly string[]; rows: unknown[][] }, fileName: string): void
  /** More actions beside Download CSV, filled in by the app (the comps report's button). */
  actions?: ReactNode
}

type Run =
  | { state: 'idle' }
  | { state: 'running'; progress: CompsProgress }
  | { state: 'confirm'; calls: number; records: number; answer(ok: boolean): void }
  | { state: 'done'; found: FoundSales }
  | { state: 'failed'; message: string }

export function CompsPanel(props: CompsPanelProps) {
  const { subject, sources, circle, today, onResult } = props
  const headingId = useId()
  const [settings, setSettings] = useState<CompsSettings>(() => defaultSettings(subject))
  const [run, setRun] = useState<Run>({ state: 'idle' })
  const [runs, setRuns] = useState(0)
  const [overrides, setOverrides] = useState<ReadonlyMap<string, Override>>(new Map())
  const problem = settingsProblem(settings, subject)
  const center = parcelPoint(subject)
  const abort = useRef<AbortController | null>(null)

  // biome-ignore lint/correctness/useExhaustiveDependencies: `runs` restarts the search on purpose
  useEffect(() => {
    if (problem || !center) return
    const controller = new AbortController()
    abort.current = controller
    const acres = Number(subject.acres)
    setRun({ state: 'running', progress: { calls: 0, cached: 0, planned: 1, records: 0 } })
    findSales(sources, circle(center, milesToMeters(settings.radiusMiles)), compsFilters(acres, settings), {
      signal: controller.signal,
      onProgress: (progress) => !controller.signal.aborted && setRun({ state: 'running', progress }),
      confirmAbove: CONFIRM_CALLS,
      confirm: (calls, records) =>
        new Promise<boolean>((resolve) =>
          setRun({
            state: 'confirm',
            calls,
            records,
            answer: (ok) => {
              if (ok) setRun({ state: 'running', progress: { calls: 0, cached: 0, planned: calls, records: 0 } })
              resolve(ok)
            },
          }),
        ),
    }).then(
      (found) => !controller.signal.aborted && setRun({ state: 'done', found }),
      (e: unknown) => {
        if (controller.signal.aborted) return
        if (e instanceof CompsCancelled) setRun({ state: 'idle' })
        else setRun({ state: 'failed', message: e instanceof Error ? e.message : String(e) })
      },
    )
    return () => controller.abort()
  }, [subject.svc_uuid, settings, runs])

  const result = useMemo(
    () => (run.state === 'done' ? analyzeComps(subject, run.found.records, settings, today, overrides) : null),
    [run, subject, settings, today, overrides],
  )
  useEffect(() => onResult?.(result, subject), [result, subject, onResult])

  const setOverride = (id: string, o: Override | null) =>
    setOverrides((m) => {
      const next = new Map(m)
      if (o) next.set(id, o)
      else next.delete(id)
      return next
    })

  const download = () => {
    if (!result) return
    const name = String(subject.parcel_id ?? subject.svc_uuid).replace(/[^\w.-]+/g, '-')
    props.onDownload({ header: COMPS_CSV_HEADER, rows: compsCsvRows(result.comps) }, `comps-${name}-${today}.csv`)
  }

  return (
    <section className="comps-panel" aria-labelledby={headingId}>
      <header className="comps-header">
        <div>
          <h2 id={headingId}>Comparable sales</h2>
          <p className="comps-sub">
            {String(subject.parcel_id ?? subject.svc_uuid)} · {Number(subject.acres).toFixed(2)} ac
            {subject.land_use ? ` · ${String(subject.land_use).toLowerCase()}` : ''}
            {typeof subject.csr2 === 'number' ? ` · CSR2 ${subject.csr2}` : ''}
          </p>
        </div>
        <button type="button" className="pd-close" aria-label="Close comparable sales" onClick={props.onClose}>
          ×
        </button>
      </header>

      <details className="comps-settings-box">
        <summary>
          Within {settings.radiusMiles} mi · sold since {result?.windowStart ?? `${settings.years} yr`} · acres ±
          {Math.round(settings.acresBand * 100)} %
        </summary>
        <CompsSettingsForm
          key={runs}
          settings={settings}
          problem={null}
          busy={run.state === 'running'}
          onRun={(next) => {
            setSettings(next)
            setRuns((n) => n + 1)
          }}
        />
      </details>
      {!center && <p role="alert">This parcel has no location to measure distances from.</p>}
      {problem && <p role="alert">{problem}</p>}
      {run.state === 'idle' && !problem && center && (
        <p>
          Search stopped.{' '}
          <button type="button" className="link-button" onClick={() => setRuns((n) => n + 1)}>
            Find comps
          </button>
        </p>
      )}

      {run.state === 'running' && (
        <p role="status" className="comps-progress">
          Finding sales… {run.progress.calls + run.progress.cached} of {run.progress.planned} calls
          {run.progress.records > 0 && ` · ${run.progress.records.toLocaleString('en-US')} sold parcels`}
          <progress value={run.progress.calls + run.progress.cached} max={run.progress.planned} />
          <button
            type="button"
            className="link-button"
            onClick={() => {
              abort.current?.abort()
              setRun({ state: 'idle' })
            }}
          >
            Cancel
          </button>
        </p>
      )}
      {run.state === 'confirm' && (
        <div role="alertdialog" aria-label="Confirm a large comps search" className="comps-confirm">
          <p>
            This needs {run.calls} more calls to read {run.records.toLocaleString('en-US')} sold parcels. A smaller
            radius or acres band costs less.
          </p>
          <button type="button" className="comps-primary" onClick={() => run.answer(true)}>
            Make {run.calls} calls
          </button>{' '}
          <button type="button" onClick={() => run.answer(false)}>
            Cancel
          </button>
        </div>
      )}
      {run.state === 'failed' && (
        <p role="alert" className="comps-error">
          Could not find sales: {run.message}{' '}
          <button type="button" className="link-button" onClick={() => setRuns((n) => n + 1)}>
            Try again
          </button>
        </p>
      )}
      {run.state === 'done' && result && !problem && (
        <CompsResultView
          result={result}
          found={run.found}
          acres={Number(subject.acres)}
          onOpen={(c) => props.onOpenComp(c.record)}
          onOverride={setOverride}
          onDownload={download}
          actions={props.actions}
        />
      )}
    </section>
  )
}

function CompsResultView(p: {
  result: CompsResult
  found: FoundSales
  acres: number
  onOpen(c: Comp): void
  onOverride(id: string, o: Override | null): void
  onDownload(): void
  actions?: ReactNode
}) {
  const { result, found } = p
  const v = result.indicated
  const calls = found.progress
  return (
    <>
      <section className="comps-value" aria-label="Indicated value">
        {v ? (
          <>
            <p className="comps-value-main">
              <strong data-testid="comps-indicated">{usd(v.value)}</strong>
              <span>
                {' '}
                = median <span data-testid="comps-median">{usd(v.perAcre)}</span>/ac × {p.acres.toFixed(2)} ac
              </span>
            </p>
            <p>
              Range {usd(v.low)}–{usd(v.high)} (interquartile, {usd(v.perAcreLow)}–{usd(v.perAcreHigh)}/ac) · from{' '}
              <span data-testid="comps-n">{v.n}</span> comp{v.n === 1 ? '' : 's'}
              {v.n < 3 && ' — too few to lean on'}
            </p>
          </>
        ) : (
          <p>No comps are included, so there is no indicated value. Widen the radius, years or acres band.</p>
        )}
        <p className="comps-disclaimer">An estimate from public sales, not an appraisal.</p>
      </section>
      <ul className="comps-notes">
        <li>Time: {result.trend.note}</li>
        <li>Soil: {result.soil.note}</li>
        <li>
          {result.comps.length} sale{result.comps.length === 1 ? '' : 's'} from {result.windowStart} to{' '}
          {result.windowEnd} within the radius; {result.outsideWindow} older and {result.outsideRadius} beyond the
          radius left aside. {calls.calls} call{calls.calls === 1 ? '' : 's'} made, {calls.cached} from the cache.
        </li>
      </ul>
      {result.comps.length > 0 && <CompsChart result={result} />}
      <div className="comps-actions">
        <button type="button" onClick={p.onDownload} disabled={result.comps.length === 0}>
          Download CSV
        </button>
        {p.actions}
      </div>
      {result.comps.length > 0 ? (
        <CompsTable comps={result.comps} onOpen={p.onOpen} onOverride={p.onOverride} />
      ) : (
        <p>No sales match. Widen the radius, the years or the acres band.</p>
      )}
    </>
  )
}

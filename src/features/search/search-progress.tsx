/**
 * What a running search shows beside the Search button: a progress bar (pages of records loaded /
 * planned, from the network or the cache, and records loaded; the area call is not a page, the
 * "API calls" line counts it), the "this will cost N calls" confirmation, the 429 banner with Resume, and the
 * offset-cap note. Plain buttons and live regions, so it works from the keyboard and with a screen
 * reader. 401/403 are not handled here: the app opens the settings dialog with the reason.
 */
import { useEffect, useId, useRef } from 'react'
import './search-progress.css'
import { isBusy } from '../../state/search-status'
import { REACHABLE } from './chunk-plan'
import type { SearchResult } from './search-types'

const fmt = (n: number) => n.toLocaleString('en-US')
const plural = (n: number, one: string, many = `${one}s`) => `${fmt(n)} ${n === 1 ? one : many}`

export function SearchProgressView({ result }: { result: SearchResult }) {
  const { status, progress: p, calls } = result
  if (status === 'idle') return null
  const spent = calls.area + calls.query
  return (
    <section className="search-progress" aria-label="Search progress">
      {status === 'asking' && result.estimate ? <ConfirmCost result={result} /> : <ProgressBar result={result} />}
      {status === 'stopped' && result.error?.kind === 'quota' && (
        <div className="search-banner search-banner-warning" role="alert">
          <p>{result.error.message}</p>
          <button type="button" className="button" onClick={result.resume}>
            Resume
          </button>
        </div>
      )}
      {status === 'stopped' && !result.error && (
        <div className="search-banner" role="status">
          <p>Stopped with {plural(p.recordsLoaded, 'record')} loaded.</p>
          <button type="button" className="button" onClick={result.resume}>
            Resume
          </button>
        </div>
      )}
      {status === 'failed' && result.error && (
        <div className="search-banner search-banner-error" role="alert">
          <p>{result.error.message}</p>
          {(result.error.kind === 'network' || result.error.kind === 'server') && (
            <button type="button" className="button" onClick={result.resume}>
              Try again
            </button>
          )}
        </div>
      )}
      {result.offsetCapped && (
        <p className="search-note" role="note">
          Showing the first {fmt(REACHABLE)} of {fmt(p.recordsExpected ?? 0)} matches: the API pages at most 10,000
          records deep. Add filters (a county, a value range) to narrow the search.
        </p>
      )}
      <p className="search-calls muted">
        API calls: {plural(spent, 'call')}
        {p.callsCached ? ` · ${plural(p.callsCached, 'answer')} from cache` : ''}
      </p>
    </section>
  )
}

function ProgressBar({ result }: { result: SearchResult }) {
  const { progress: p, status } = result
  const labelId = useId()
  const planned = Math.max(p.callsPlanned, p.callsDone, 1)
  const running = isBusy(status)
  const expected = p.recordsExpected && p.recordsExpected !== p.recordsLoaded ? ` of ~${fmt(p.recordsExpected)}` : ''
  const text = `${fmt(p.callsDone)} / ${fmt(planned)} pages · ${plural(p.recordsLoaded, 'record')}${expected}`
  return (
    <div className="search-progress-row">
      <span id={labelId} className="search-progress-label">
        {status === 'planning' ? 'Planning' : running ? 'Searching' : status === 'done' ? 'Done' : 'Stopped'}
      </span>
      <div
        className="search-progress-bar"
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={planned}
        aria-valuenow={p.callsDone}
        aria-valuetext={text}
      >
        <div className="search-progress-fill" style={{ transform: `scaleX(${p.callsDone / planned})` }} />
      </div>
      <span className="search-progress-text" aria-live="polite">
        {text}
      </span>
      {running && (
        <button type="button" className="button" onClick={result.cancel}>
          Cancel
        </button>
      )}
    </div>
  )
}

function ConfirmCost({ result }: { result: SearchResult }) {
  const titleId = useId()
  const bodyId = useId()
  const continueRef = useRef<HTMLButtonElement>(null)
  const estimate = result.estimate
  useEffect(() => continueRef.current?.focus(), [])
  if (!estimate) return null
  return (
    // Inline (not modal): the map and filters stay usable; Escape cancels like the button.
    <div
      className="search-confirm"
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onKeyDown={(e) => {
        if (e.key === 'Escape') result.cancel()
      }}
    >
      <h3 id={titleId}>This search is large</h3>
      <p id={bodyId}>
        Loading about {plural(estimate.records, 'record')} needs about {plural(estimate.calls, 'more API call')}. Calls
        count against the key's monthly allowance.
      </p>
      <div className="search-confirm-actions">
        <button ref={continueRef} type="button" className="primary-button" onClick={result.confirm}>
          Continue
        </button>
        <button type="button" className="button" onClick={result.cancel}>
          Cancel
        </button>
      </div>
    </div>
  )
}

/**
 * "Owner's holdings": type a name (or come from a parcel card), see what the search will cost, run
 * it, then choose which spellings and shared-address owners belong to the owner — each offered with
 * its parcel count, acres, counties and its evidence, in tiers (owner-match.ts): the same owner's
 * other spellings (one "Include all" press away), then owners at the same address, then names only
 * possibly related, folded and marked weaker. None is merged without the user's tick: a broker signs
 * for the list, and a wrong tick is someone else's land.
 */
import { type FormEvent, useEffect, useId, useState } from 'react'
import { HoldingList } from './holding-list'
import { AskCost, acresText, CallsLine, FileButtons, Progress, plural } from './holdings-ui'
import type { FileKind, MergeState, OwnerQuestion, OwnerState } from './holdings-views'
import type { GroupKind, OwnerGroup } from './portfolio'

export interface OwnerPanelProps {
  state: OwnerState
  merge: MergeState
  onAsk(name: string): void
  onAdjust(change: Partial<Pick<OwnerQuestion, 'word' | 'byAddress'>>): void
  onRun(): void
  onConfirm(yes: boolean): void
  onCancel(): void
  onInclude(key: string | readonly string[], on: boolean): void
  onFrame(id?: string): void
  onShowTable(): void
  /** The holding report: everything the owner holds, on paper. */
  onReport(): void
  onExportHoldings(kind: FileKind): void
  onExportParcels(kind: FileKind): void
}

export function OwnerPanel(p: OwnerPanelProps) {
  const s = p.state
  const question = s.status === 'idle' ? null : s.question
  return (
    <div className="hold-panel">
      <NameForm initial={question?.name ?? ''} onAsk={p.onAsk} busy={s.status === 'running' || s.status === 'asking'} />
      {s.status === 'ready' && <Plan question={s.question} states={s.states} onAdjust={p.onAdjust} onRun={p.onRun} />}
      {s.status === 'running' && (
        <div role="status" className="hold-running">
          <Progress done={s.tally.calls + s.tally.cached} planned={s.tally.planned} label="Portfolio progress" />
          <button type="button" className="button" onClick={p.onCancel}>
            Cancel
          </button>
        </div>
      )}
      {s.status === 'asking' && (
        <AskCost calls={s.calls} records={s.records} onAnswer={p.onConfirm}>
          {' '}
          Cancel to keep what is loaded out of it and try a rarer word.
        </AskCost>
      )}
      {s.status === 'failed' && (
        <div className="notice notice-warning" role="alert">
          <span>{s.message}</span>
          <button type="button" className="button" onClick={p.onRun}>
            Try again
          </button>
        </div>
      )}
      {s.status === 'done' && (
        <>
          <p className="muted hold-formula">
            {plural(s.calls, 'call')} is the least this takes: 1 per 100 parcels whose owner contains “{s.result.word}”
            in the covered states ({s.result.counts.word.join(' + ')})
            {s.result.counts.address.length > 0
              ? `, plus 1 per 100 at the owner’s mailing address (${s.result.counts.address.join(' + ')})`
              : ''}
            .
          </p>
          <CallsLine tally={s.tally} />
          {s.result.capped && (
            <p className="notice notice-warning" role="note">
              More parcels match than the API pages through in one county; some were not read.
            </p>
          )}
          <Groups groups={s.result.groups} included={s.included} onInclude={p.onInclude} />
          <Merged merge={p.merge} onFrame={p.onFrame} />
          {p.merge.status === 'ready' && p.merge.holdings.length > 0 && (
            <div className="hold-actions">
              <button type="button" className="button" onClick={p.onShowTable}>
                Show parcels in the table
              </button>
              <button type="button" className="button" onClick={p.onReport}>
                Report
              </button>
              <FileButtons label="Export holdings (one feature each)" onExport={p.onExportHoldings} />
              <FileButtons label="Export the parcel list" onExport={p.onExportParcels} />
            </div>
          )}
        </>
      )}
    </div>
  )
}

function NameForm({ initial, onAsk, busy }: { initial: string; onAsk(name: string): void; busy: boolean }) {
  const [name, setName] = useState(initial)
  const id = useId()
  useEffect(() => setName(initial), [initial])
  const submit = (e: FormEvent) => {
    e.preventDefault()
    onAsk(name)
  }
  return (
    <form className="hold-form" onSubmit={submit}>
      <label htmlFor={id}>Owner name</label>
      <div className="hold-row">
        <input
          id={id}
          type="search"
          value={name}
          maxLength={200}
          placeholder="e.g. Miller Farms LLC"
          onChange={(e) => setName(e.target.value)}
        />
        <button type="submit" className="button" disabled={busy || name.trim() === ''}>
          Plan
        </button>
      </div>
    </form>
  )
}

function Plan({
  question,
  states,
  onAdjust,
  onRun,
}: {
  question: OwnerQuestion
  states: string[]
  onAdjust: OwnerPanelProps['onAdjust']
  onRun(): void
}) {
  const wordId = useId()
  return (
    <div className="hold-plan">
      {question.words.length > 1 && (
        <div className="hold-row">
          <label htmlFor={wordId}>Find spellings containing</label>
          <select id={wordId} value={question.word} onChange={(e) => onAdjust({ word: e.target.value })}>
            {question.words.map((w) => (
              <option key={w} value={w}>
                {w}
              </option>
            ))}
          </select>
        </div>
      )}
      <label className="checkbox">
        <input
          type="checkbox"
          checked={question.byAddress}
          onChange={(e) => onAdjust({ byAddress: e.target.checked })}
        />
        Also find parcels billed to the owner’s mailing address
      </label>
      <p className="hold-cost">
        <strong>Cost:</strong> 1 call per 100 parcels whose owner contains “{question.word}” in{' '}
        {states.length ? states.join(', ') : 'the covered states'} (at least 1)
        {question.byAddress ? ', then 1 per 100 parcels at the owner’s mailing address (at least 1)' : ''}. Answers
        already fetched are free; above the confirm threshold it asks first.
      </p>
      <button type="button" className="button button-primary" onClick={onRun}>
        Find holdings
      </button>
    </div>
  )
}

const SECTIONS: { kind: GroupKind; title: string; open: boolean; note?: string }[] = [
  { kind: 'owner', title: 'This owner', open: true },
  { kind: 'variant', title: 'Same owner, other spellings', open: true },
  { kind: 'address', title: 'Other owners at the same mailing address', open: true },
  {
    kind: 'possible',
    title: 'Possibly related (similar name only)',
    open: false,
    note: 'Weaker: the names look alike, but no shared address backs them, or a given name or the legal form differs. Often another person — check before including.',
  },
  { kind: 'other', title: 'Other names containing the word', open: false },
]

function Groups({
  groups,
  included,
  onInclude,
}: {
  groups: readonly OwnerGroup[]
  included: readonly string[]
  onInclude: OwnerPanelProps['onInclude']
}) {
  if (groups.length === 0) return <p className="muted">No parcel in the covered counties has this owner.</p>
  return (
    <div className="hold-groups">
      {SECTIONS.map((section) => {
        const list = groups.filter((g) => g.kind === section.kind)
        if (list.length === 0) return null
        const body = (
          <ul key={section.kind} className="hold-group-list" aria-label={section.title}>
            {list.map((g) => (
              <li key={g.key}>
                <label className="checkbox hold-group">
                  <input
                    type="checkbox"
                    checked={included.includes(g.key)}
                    onChange={(e) => onInclude(g.key, e.target.checked)}
                  />
                  <span>
                    <span className="hold-group-name">{g.name}</span>
                    <span className="muted">
                      {' '}
                      · {plural(g.ids.length, 'parcel')} · {acresText(g.acres)} measured · {g.counties.join('; ')}
                    </span>
                    {g.reasons.length > 0 && <span className="hold-reasons">{g.reasons.join(', ')}</span>}
                  </span>
                </label>
              </li>
            ))}
          </ul>
        )
        const missing = list.filter((g) => !included.includes(g.key)).map((g) => g.key)
        return section.open ? (
          <section key={section.kind} className="hold-section">
            <div className="hold-section-head">
              <h3>
                {section.title} ({list.length})
              </h3>
              {section.kind === 'variant' && list.length > 1 && (
                <button
                  type="button"
                  className="button"
                  disabled={missing.length === 0}
                  onClick={() => onInclude(missing, true)}
                >
                  Include all {list.length}
                </button>
              )}
            </div>
            {body}
          </section>
        ) : (
          <details key={section.kind} className={`hold-section${section.note ? ' hold-section-weak' : ''}`}>
            <summary>
              {section.title} ({list.length})
            </summary>
            {section.note && <p className="muted hold-note">{section.note}</p>}
            {body}
          </details>
        )
      })}
    </div>
  )
}

function Merged({ merge, onFrame }: { merge: MergeState; onFrame(id?: string): void }) {
  if (merge.status === 'idle') return <p className="muted">Tick at least one name to see its holdings.</p>
  if (merge.status === 'merging')
    return (
      <p role="status" className="muted">
        Merging {plural(merge.parcels, 'parcel')} into holdings…
      </p>
    )
  if (merge.status === 'failed')
    return (
      <p role="alert" className="notice notice-warning">
        {merge.message}
      </p>
    )
  return (
    <section className="hold-section" aria-label="Holdings">
      <h3>Holdings</h3>
      <HoldingList holdings={merge.holdings} onFrame={onFrame} />
      {merge.withoutOutline > 0 && (
        <p className="muted">{plural(merge.withoutOutline, 'parcel')} without an outline are listed but not merged.</p>
      )}
    </section>
  )
}

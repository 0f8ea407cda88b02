/**
 * The custom assemblage: parcels picked on the map (Pick parcels: a click adds or removes one) or
 * from a parcel card; its merged outline, total acres, total value, owners with their mailing
 * addresses; named, saved, shared by link, exported, and usable as a search area.
 */
import { useEffect, useId, useState } from 'react'
import { AcreFacts, acresText, FileButtons, plural, usd } from './holdings-ui'
import type { AssemblageState, FileKind } from './holdings-views'

export interface AssemblagePanelProps {
  state: AssemblageState
  picking: boolean
  onPicking(on: boolean): void
  onRename(name: string): void
  onRemove(id: string): void
  onClear(): void
  onFrame(): void
  onOpen(id: string): void
  onCopyLink(): Promise<boolean>
  onSave(name: string): { ok: true } | { ok: false; error: string }
  onSearchArea(): void
  onExport(kind: FileKind): void
}

export function AssemblagePanel(p: AssemblagePanelProps) {
  const s = p.state
  return (
    <div className="hold-panel">
      <p className="muted">
        Pick parcels on the map (a click adds a parcel, another click removes it) or use “Add to assemblage” on a
        parcel’s card.
      </p>
      <button
        type="button"
        className={`button ${p.picking ? 'button-primary' : ''}`}
        aria-pressed={p.picking}
        onClick={() => p.onPicking(!p.picking)}
      >
        {p.picking ? 'Done picking' : 'Pick parcels on the map'}
      </button>
      {s.status === 'empty' && <p className="muted">No parcels picked yet.</p>}
      {s.status === 'loading' && (
        <p role="status" className="muted">
          Loading {plural(s.ref.ids.length, 'parcel')}…
        </p>
      )}
      {s.status === 'failed' && (
        <p role="alert" className="notice notice-warning">
          {s.message}
        </p>
      )}
      {s.status === 'ready' && <Ready {...p} state={s} />}
    </div>
  )
}

function Ready(p: AssemblagePanelProps & { state: Extract<AssemblageState, { status: 'ready' }> }) {
  const s = p.state
  const nameId = useId()
  const [name, setName] = useState(s.ref.name)
  const [message, setMessage] = useState<string | null>(null)
  useEffect(() => setName(s.ref.name), [s.ref.name])
  const sum = s.summary
  return (
    <>
      <div className="hold-form">
        <label htmlFor={nameId}>Name</label>
        <input
          id={nameId}
          value={name}
          maxLength={80}
          onChange={(e) => setName(e.target.value)}
          onBlur={() => p.onRename(name)}
          onKeyDown={(e) => e.key === 'Enter' && p.onRename(name)}
        />
      </div>
      {sum && (
        <dl className="hold-facts" aria-label="Assemblage totals">
          <AcreFacts totals={sum.acreTotals} testId="assemblage" />
          <div>
            <dt>Parcels</dt>
            <dd>{sum.parcelCount}</dd>
          </div>
          <div>
            <dt>Total value</dt>
            <dd>{usd(sum.assessedValue)}</dd>
          </div>
          <div>
            <dt>Counties</dt>
            <dd>{sum.counties.join('; ')}</dd>
          </div>
        </dl>
      )}
      {s.missing.length > 0 && (
        <p className="notice notice-warning" role="note">
          {plural(s.missing.length, 'parcel')} of this assemblage {s.missing.length === 1 ? 'is' : 'are'} no longer on
          the server.
        </p>
      )}
      <ul className="hold-parcels" aria-label="Parcels in the assemblage">
        {s.records.map((r) => (
          <li key={r.svc_uuid}>
            <button type="button" className="link-button" onClick={() => p.onOpen(r.svc_uuid)}>
              {String(r.parcel_id ?? r.svc_uuid)}
            </button>
            <span className="muted"> {acresText(Number(r.acres_calc ?? r.acres ?? 0))}</span>
            <button
              type="button"
              className="icon-button"
              aria-label={`Remove ${String(r.parcel_id ?? r.svc_uuid)}`}
              onClick={() => p.onRemove(r.svc_uuid)}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      {sum && sum.mailing.length > 0 && (
        <section className="hold-section">
          <h3>Owners and mailing addresses</h3>
          <ul className="hold-owners">
            {sum.mailing.map((m) => (
              <li key={`${m.owner}\n${m.address}`}>
                <strong>{m.owner || 'Unknown owner'}</strong>
                <br />
                <span className="muted">{m.address || 'no mailing address'}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      <div className="hold-actions">
        <div className="hold-row">
          <button type="button" className="button" onClick={p.onFrame} disabled={!sum}>
            Zoom to
          </button>
          <button
            type="button"
            className="button"
            onClick={async () => setMessage((await p.onCopyLink()) ? 'Link copied.' : 'The link could not be copied.')}
          >
            Copy link
          </button>
          <button
            type="button"
            className="button"
            onClick={() => {
              const r = p.onSave(name)
              setMessage(r.ok ? `Saved as “${name}” under Saved searches.` : r.error)
            }}
          >
            Save
          </button>
          <button type="button" className="button" onClick={p.onSearchArea} disabled={!sum}>
            Use as search area
          </button>
          <button type="button" className="button button-danger" onClick={p.onClear}>
            Clear
          </button>
        </div>
        <FileButtons label="Export the assemblage" onExport={p.onExport} disabled={!sum} />
        {message && (
          <p role="status" className="muted">
            {message}
          </p>
        )}
      </div>
    </>
  )
}

/**
 * The inbox (issue 41): the events of the key's watches, newest first and in words, each opening
 * its parcel; and the watches themselves — rename, pause, delete, copy the feed's address. Where the
 * server keeps no watches it says so in words, and nothing else.
 */
import { type FormEvent, useId, useState } from 'react'
import type { Watch } from '../../../contract/watches/watch-schemas'
import { CopyButton } from '../../ui/copy-button'
import { eventHeadline, eventPlace } from './event-text'
import type { InboxEvent, WatchesState } from './watches-flow'

export interface InboxPanelProps {
  state: WatchesState
  problem: string | null
  onOpenEvent(e: InboxEvent): void
  onRename(id: string, name: string): void
  onPause(id: string, paused: boolean): void
  onDelete(id: string): void
}

export function InboxPanel(p: InboxPanelProps) {
  const s = p.state
  if (s.status === 'loading') return <p role="status">Reading your watches…</p>
  if (s.status === 'absent')
    return (
      <p className="wt-absent" role="note">
        This server does not offer watches. They need a server that keeps its own county data and its change log; a
        server in proxy mode passes parcels through from another API and has nothing to watch.
      </p>
    )
  if (s.status === 'failed')
    return (
      <p className="notice notice-warning" role="status">
        {s.message} The inbox asks again in a while.
      </p>
    )
  return (
    <div className="wt-inbox">
      {p.problem && (
        <p className="error-text" role="alert">
          {p.problem}
        </p>
      )}
      <section aria-labelledby="wt-events-head">
        <h3 id="wt-events-head">Changes</h3>
        {s.events.length === 0 ? (
          <p className="muted">
            {s.watches.length === 0
              ? 'No watches yet: use “Watch this parcel” on a parcel’s card, or watch an owner or an area.'
              : 'Nothing has changed yet. Changes show here after the server reloads a county.'}
          </p>
        ) : (
          <ul className="wt-events" aria-label="Changes">
            {s.events.map((e) => (
              <li key={`${e.watchId}:${e.id}`}>
                <button type="button" className="wt-event" onClick={() => p.onOpenEvent(e)}>
                  <span className="wt-event-head">
                    {e.unseen && <span className="wt-new">New</span>}
                    {eventHeadline(e)}
                  </span>
                  <span className="muted wt-event-meta">
                    {eventPlace(e)} · {e.watchName} · {e.at.slice(0, 10)}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
      {s.watches.length > 0 && (
        <section aria-labelledby="wt-watches-head">
          <h3 id="wt-watches-head">Watches ({s.watches.length})</h3>
          <ul className="wt-watches" aria-label="Watches">
            {s.watches.map((w) => (
              <WatchRow key={w.id} watch={w} {...p} />
            ))}
          </ul>
        </section>
      )}
    </div>
  )
}

function covers(w: Watch): string {
  if (w.kind === 'parcels') return `${w.parcels?.length ?? 0} parcel${w.parcels?.length === 1 ? '' : 's'}`
  if (w.kind === 'owner') {
    const more = w.variants?.length
      ? ` and ${w.variants.length} other spelling${w.variants.length === 1 ? '' : 's'}`
      : ''
    return `owner ${w.owner}${more} in ${(w.states ?? []).join(', ')}`
  }
  const filters = w.filters?.length ? ` with ${w.filters.length} filter${w.filters.length === 1 ? '' : 's'}` : ''
  return `an area of ${w.area_parcels ?? 0} parcels${filters}`
}

function WatchRow({ watch, onRename, onPause, onDelete }: { watch: Watch } & InboxPanelProps) {
  const [editing, setEditing] = useState(false)
  const [name, setName] = useState(watch.name)
  const id = useId()
  const save = (e: FormEvent) => {
    e.preventDefault()
    if (name.trim()) onRename(watch.id, name.trim())
    setEditing(false)
  }
  return (
    <li className="wt-watch">
      {editing ? (
        <form className="wt-rename" onSubmit={save}>
          <label htmlFor={id} className="visually-hidden">
            New name
          </label>
          <input id={id} value={name} maxLength={200} onChange={(e) => setName(e.target.value)} />
          <button type="submit" className="button">
            Save
          </button>
          <button type="button" className="button" onClick={() => setEditing(false)}>
            Cancel
          </button>
        </form>
      ) : (
        <p className="wt-watch-name">
          <strong>{watch.name}</strong>
          {watch.paused && <span className="wt-paused"> (paused)</span>}
        </p>
      )}
      <p className="muted">Covers {covers(watch)}.</p>
      <div className="wt-watch-actions">
        <button
          type="button"
          className="pd-action"
          onClick={() => {
            setName(watch.name)
            setEditing(true)
          }}
        >
          Rename
        </button>
        <button type="button" className="pd-action" onClick={() => onPause(watch.id, !watch.paused)}>
          {watch.paused ? 'Resume' : 'Pause'}
        </button>
        <CopyButton text={watch.feed_url} label="Copy feed URL" />
        <button
          type="button"
          className="pd-action"
          onClick={() => {
            if (window.confirm(`Delete the watch “${watch.name}” and its changes?`)) onDelete(watch.id)
          }}
        >
          Delete
        </button>
      </div>
    </li>
  )
}

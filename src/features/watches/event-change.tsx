/**
 * An opened watch event over its parcel's card: what changed (field, before, after) and a link that
 * opens this parcel again (the share engine's parcel link, made by the app).
 */

import { changeRows, eventHeadline } from './event-text'
import type { InboxEvent } from './watches-flow'
import './watches.css'

export function EventChange({ event, link, onClose }: { event: InboxEvent; link: string; onClose(): void }) {
  const rows = changeRows(event)
  return (
    <section className="wt-change" aria-label="What changed">
      <header className="wt-change-head">
        <p>
          <strong>{eventHeadline(event)}</strong>
          <span className="muted">
            {' '}
            · {event.watchName} · reload of {event.at.slice(0, 10)}
          </span>
        </p>
        <button type="button" className="icon-button" aria-label="Close what changed" onClick={onClose}>
          ×
        </button>
      </header>
      {rows.length > 0 && (
        <table className="wt-change-table">
          <caption className="visually-hidden">Before and after</caption>
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">Before</th>
              <th scope="col">After</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.field}>
                <th scope="row">{r.label}</th>
                <td>{r.before}</td>
                <td>{r.after}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <a className="wt-link" href={link}>
        Link to this parcel
      </a>
    </section>
  )
}

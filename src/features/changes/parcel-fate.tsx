/**
 * A link's parcel that is no longer on the server, told from the change log (issue 23): "This
 * parcel was split on Mar 1, 2025 into 2 parcels", with a button for each successor.
 */
import type { ParcelFate } from './changes-summary'
import { day } from './changes-text'
import './changes.css'

export interface ParcelFateNoteProps {
  fate: ParcelFate
  onOpen(id: string): void
  labelOf(id: string): string
}

const VERB: Record<ParcelFate['kind'], string> = {
  split: 'was split',
  merged: 'was merged into another parcel',
  renumbered: 'has a new parcel number',
  removed: 'was removed from the county’s data',
}

export function ParcelFateNote({ fate, onOpen, labelOf }: ParcelFateNoteProps) {
  const n = fate.successors.length
  const into = fate.kind === 'split' ? ` into ${n} parcel${n === 1 ? '' : 's'}` : ''
  return (
    <div className="changes-fate">
      <p role="status">
        This parcel {VERB[fate.kind]} on {day(fate.loadedAt)}
        {into}
        {n > 0 ? ':' : '.'}
      </p>
      {n > 0 && (
        <ul className="changes-fate-list">
          {fate.successors.map((id) => (
            <li key={id}>
              <button type="button" className="link-button" onClick={() => onOpen(id)}>
                Open {labelOf(id)}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

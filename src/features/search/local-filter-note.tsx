/**
 * Says that some filters were applied in this browser, not by the server (local-filters.ts): the
 * table shows only matches, but the server sent every record the other filters matched, and on a
 * hosted API each of those counts against the allowance. Issue 25: "other servers get them applied
 * in the browser to the loaded records, said so on screen".
 */
import { fieldDef } from '../../../contract/fields'
import { formatInteger } from '../../format/format-value'
import type { LocalFilterTally } from './local-filters'
import './local-filter-note.css'

export function LocalFilterNote({ tally }: { tally: LocalFilterTally | null }) {
  if (!tally) return null
  const names = tally.fields.map((f) => fieldDef(f)?.label ?? f)
  const it = names.length === 1 ? 'it' : 'them'
  return (
    <p className="local-filter-note" role="status">
      <strong>{names.join(', ')}</strong>: applied in this browser — this server does not offer {it} as a filter. Plat
      loaded the {formatInteger(tally.loaded)} {tally.loaded === 1 ? 'parcel' : 'parcels'} your other filters match;{' '}
      {formatInteger(tally.kept)} {tally.kept === 1 ? 'matches' : 'match'}.
    </p>
  )
}

/**
 * What the app says with no signal: that answers come from the field packs (which), or — when the
 * map shows an area no pack covers — where the packs are, one tap from each.
 */
import type { PackMeta } from './pack-types'

export interface OfflineNoticeProps {
  offline: boolean
  /** Packs that answered the last search or lookup while the server could not be reached. */
  answeredBy: readonly string[] | null
  packs: readonly PackMeta[]
  /** The map shows part of a pack. */
  viewInPack: boolean
  onGoTo(id: string): void
}

export function OfflineNotice({ offline, answeredBy, packs, viewInPack, onGoTo }: OfflineNoticeProps) {
  if (!offline && !answeredBy) return null
  return (
    <div className="offline-notice" role="status">
      <p>
        <strong>Offline.</strong>{' '}
        {answeredBy?.length
          ? `Answers come from your offline pack${answeredBy.length > 1 ? 's' : ''}: ${answeredBy.join(', ')}.`
          : packs.length === 0
            ? 'No offline packs on this device: parcels show where a pack was taken.'
            : viewInPack
              ? 'The map and parcels come from your offline packs.'
              : 'This area is in no offline pack.'}
      </p>
      {!viewInPack && packs.length > 0 && (
        <ul className="offline-packs">
          {packs.map((p) => (
            <li key={p.id}>
              <button type="button" className="link-button" onClick={() => onGoTo(p.id)}>
                Go to {p.name}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

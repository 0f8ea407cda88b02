/**
 * "Whose land am I on": the parcel under the position — owner, acres, parcel number — with its
 * details one tap away, the position's accuracy and heading, and why no parcel is named when none
 * is. Updated as the position crosses a boundary; a live region, so it is read out as it changes.
 */
import type { ParcelRecord } from '../../../contract/schemas'
import type { PlaceState } from './where-am-i'

const COMPASS = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW']
const compass = (deg: number) => COMPASS[Math.round((((deg % 360) + 360) % 360) / 45) % 8] ?? 'N'

const SOURCE_TEXT = { pack: 'from your offline pack', results: 'from your search', server: 'from the server' }

function ownerOf(r: ParcelRecord): string {
  return typeof r.owner === 'string' && r.owner.trim() ? r.owner : 'Owner not on record'
}

export interface PositionBannerProps {
  place: PlaceState
  onOpen(record: ParcelRecord): void
  onStop(): void
}

export function PositionBanner({ place, onOpen, onStop }: PositionBannerProps) {
  if (place.status === 'off') return null
  const body = (() => {
    if (place.status === 'locating') return <p>Finding your position…</p>
    if (place.status === 'error') return <p role="alert">{place.message}</p>
    const { parcel, fix } = place
    const where = (
      <span className="muted">
        ±{Math.round(fix.accuracy)} m{fix.heading !== null ? ` · heading ${compass(fix.heading)}` : ''}
        {place.source ? ` · ${SOURCE_TEXT[place.source]}` : ''}
      </span>
    )
    if (!parcel)
      return (
        <p>
          {place.note ?? 'No parcel here.'} {where}
        </p>
      )
    const acres =
      typeof parcel.acres === 'number'
        ? `${parcel.acres.toLocaleString('en-US', { maximumFractionDigits: 2 })} acres`
        : null
    const apn = typeof parcel.parcel_id === 'string' ? `APN ${parcel.parcel_id}` : null
    return (
      <>
        <p className="banner-owner" data-testid="position-owner">
          You are on <strong>{ownerOf(parcel)}</strong>
        </p>
        <p>
          {[acres, apn].filter(Boolean).join(' · ')} {where}
        </p>
        <button type="button" className="link-button" onClick={() => onOpen(parcel)}>
          Parcel details
        </button>
      </>
    )
  })()
  return (
    <section className="position-banner" aria-label="Where am I" aria-live="polite">
      <div className="banner-body">{body}</div>
      <button type="button" className="icon-button" aria-label="Stop following my position" onClick={onStop}>
        ×
      </button>
    </section>
  )
}

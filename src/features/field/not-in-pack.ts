/**
 * What the card says of a parcel tapped offline whose record no pack holds (issue 37): what the
 * pack's tile knows of it — owner and APN from the owner zoom on, acres and land use at every zoom —
 * then plainly what is missing and where to get it. Never that the parcel is gone: only the server
 * can say that.
 */
import type { TileFacts } from '../../ports/workspace-ports'

export function notInPackMessage(tile: TileFacts | undefined): string {
  const owner = tile?.owner ?? null
  const parcelId = tile?.parcelId ?? null
  const known = [
    owner !== null ? `owner ${owner}` : null,
    parcelId !== null ? `APN ${parcelId}` : null,
    tile?.acres != null ? `${tile.acres.toLocaleString('en-US', { maximumFractionDigits: 2 })} ac` : null,
    tile?.landUse ?? null,
  ].filter((x) => x !== null)
  const named = owner !== null || parcelId !== null
  const missing = [
    owner === null ? 'owner' : null,
    parcelId === null ? 'parcel number' : null,
    'value',
    named ? 'the rest of its record' : null,
  ].filter((x) => x !== null)
  const online =
    !named && tile?.ownerCloser
      ? 'Zoom in for its owner and parcel number; its value shows when you are back online.'
      : `Its ${listed(missing)} show when you are back online.`
  const offline = `Offline: ${named ? 'the rest of ' : ''}this parcel’s record is not in your pack (a pack keeps its search’s results). ${online}`
  return known.length > 0 ? `From the map: ${known.join(', ')}. ${offline}` : offline
}

/** "a, b and c" */
const listed = (items: readonly string[]): string =>
  items.length > 1 ? `${items.slice(0, -1).join(', ')} and ${items.at(-1)}` : (items[0] ?? '')

/** The parcel card's "Watch this parcel" (the card's `actions` slot). */
import type { ParcelRecord } from '../../../contract/schemas'
import { isEmptyValue } from '../../format/format-value'
import { WatchButton } from './watch-button'
import { watchesApi } from './watches-api'

/** "12 Main St", else "APN 123-45", else the id's start: how the watch and its dialog name the parcel. */
function parcelName(record: ParcelRecord): string {
  if (!isEmptyValue(record.situs)) return String(record.situs)
  if (!isEmptyValue(record.parcel_id)) return `APN ${record.parcel_id}`
  return `parcel ${record.svc_uuid.slice(0, 8)}`
}

export function CardWatchAction({ record }: { record: ParcelRecord }) {
  const flow = watchesApi.useApi()
  const name = parcelName(record)
  return (
    <WatchButton
      flow={flow}
      noun="parcel"
      what={`this parcel (${name})`}
      watched={(f) => f.parcelWatch(record.svc_uuid)}
      body={() => ({ name: `Parcel ${name}`.slice(0, 200), parcels: [record.svc_uuid] })}
    />
  )
}

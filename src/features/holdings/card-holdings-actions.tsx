/** The parcel card's holdings buttons (the card's `actions` slot): the owner's holdings, the assemblage. */
import type { ParcelRecord } from '../../../contract/schemas'
import { useAppStore } from '../../state/store'
import { holdingsApi } from './holdings-api'

export function CardHoldingsActions({ record }: { record: ParcelRecord }) {
  const holdings = holdingsApi.useApi()
  const inAssemblage = useAppStore((s) => s.assemblage?.ids.includes(record.svc_uuid) ?? false)
  const toggle = useAppStore((s) => s.toggleAssemblageParcel)
  const openHoldings = useAppStore((s) => s.openHoldings)
  const owner = typeof record.owner === 'string' && record.owner.trim() !== ''
  return (
    <>
      {owner && (
        <button type="button" className="pd-action" onClick={() => holdings.ownerHoldings(record)}>
          Owner’s holdings
        </button>
      )}
      <button
        type="button"
        className="pd-action"
        aria-pressed={inAssemblage}
        onClick={() => {
          if (toggle(record.svc_uuid) && !inAssemblage) openHoldings('assemblage')
        }}
      >
        {inAssemblage ? 'Remove from assemblage' : 'Add to assemblage'}
      </button>
    </>
  )
}

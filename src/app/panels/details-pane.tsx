/** The open parcel's details: beside the map on desktop, a bottom sheet on phones. */
import { lazy, Suspense, useMemo } from 'react'
import { useAppStore } from '../../state/store'
import { useLookup, usePick, useSearchResult, useWorkspace } from './workspace-context'

const ParcelDetails = lazy(() => import('../../parcel/parcel-details').then((m) => ({ default: m.ParcelDetails })))

export function DetailsPane() {
  const workspace = useWorkspace()
  const selectedId = useAppStore((s) => s.selectedId)
  const open = useAppStore((s) => s.detailsOpen)
  const closeDetails = useAppStore((s) => s.closeDetails)
  const lookup = useLookup()
  const pick = usePick()
  const rows = useSearchResult().rows
  // biome-ignore lint/correctness/useExhaustiveDependencies: the record changes when lookups or rows do
  const record = useMemo(
    () => (selectedId ? (workspace.parcels.recordById(selectedId) ?? null) : null),
    [selectedId, lookup, rows, workspace],
  )
  // A parcel clicked on the map (not a loaded result) is on its way, or could not be loaded.
  const waiting = !record && pick && pick.id === selectedId ? pick : null
  if (!open || (!record && !waiting)) return null
  return (
    // data-covers-map: the map frames a parcel in the part this panel leaves visible.
    <aside className="details-pane" aria-label="Parcel details" data-covers-map="">
      {record ? (
        <Suspense fallback={<p className="muted">Loading…</p>}>
          <ParcelDetails record={record} onClose={closeDetails} onOwnerSearch={(r) => workspace.searchOwner(r)} />
        </Suspense>
      ) : (
        <div className="details-waiting">
          <p role={waiting?.status === 'failed' ? 'alert' : 'status'}>
            {waiting?.status === 'failed' ? waiting.message : 'Loading parcel…'}
          </p>
          <button type="button" className="link-button" onClick={closeDetails}>
            Close details
          </button>
        </div>
      )}
    </aside>
  )
}

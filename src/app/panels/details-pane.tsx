/** The open parcel's details: beside the map on desktop, a bottom sheet on phones. Comps take its place. */
import { Suspense, useEffect, useMemo, useRef } from 'react'
import { useAppStore } from '../../state/store'
import { CardHoldingsActions } from './card-holdings-actions'
import { CompsPane, loadCompsPanel } from './comps-pane'
import { ParcelDetails } from './lazy-parcel-details'
import { useLookup, usePick, useSearchResult, useWorkspace } from './workspace-context'

export function DetailsPane() {
  const workspace = useWorkspace()
  const selectedId = useAppStore((s) => s.selectedId)
  const open = useAppStore((s) => s.detailsOpen)
  const closeDetails = useAppStore((s) => s.closeDetails)
  // Comparable sales open in the store (for this parcel, a drawn area or a holding): comps-pane.tsx.
  const comps = useAppStore((s) => s.comps)
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
  // The card's comps button is there: fetch the comps code while the user reads the card.
  useEffect(() => {
    if (record) void loadCompsPanel()
  }, [record])
  // Comps closed over their parcel's card: focus goes back to the button that opened them.
  const hadComps = useRef(false)
  useEffect(() => {
    if (hadComps.current && !comps)
      [...document.querySelectorAll<HTMLButtonElement>('.details-pane button')]
        .find((b) => b.textContent?.trim() === 'Comparable sales')
        ?.focus({ preventScroll: true })
    hadComps.current = comps !== null
  })
  if (comps)
    return <CompsPane comps={comps} record={record} failed={waiting?.status === 'failed' ? waiting.message : null} />
  if (!open || (!record && !waiting)) return null
  return (
    // data-covers-map: the map frames a parcel in the part this panel leaves visible.
    <aside className="details-pane" aria-label="Parcel details" data-covers-map="">
      {record ? (
        <Suspense fallback={<p className="muted">Loading…</p>}>
          <ParcelDetails
            record={record}
            onClose={closeDetails}
            onOwnerSearch={(r) => workspace.searchOwner(r)}
            onComps={(r) => workspace.compsForSubject({ kind: 'parcel', id: r.svc_uuid })}
            actions={<CardHoldingsActions record={record} />}
            onReport={(r) => workspace.reports.parcel(r)}
          />
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

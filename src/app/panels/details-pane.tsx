/** The open parcel's details: beside the map on desktop, a bottom sheet on phones. Comps take its place. */
import './details-pane.css'
import { Suspense, useEffect, useMemo, useRef, useState } from 'react'
import type { ParcelFate } from '../../features/changes/changes-summary'
import { ParcelFateNote } from '../../features/changes/parcel-fate'
import { CardHoldingsActions } from '../../features/holdings/card-holdings-actions'
import { CardWatchAction } from '../../features/watches/card-watch-action'
import { OpenedEventChange } from '../../features/watches/watches-panels'
import { useAppStore } from '../../state/store'
import { parcelLink } from '../workspace/report-intents'
import { CompsPane, loadCompsPanel } from './comps-pane'
import { shareQuery } from './copy-link-button'
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
  const fate = useParcelFate(waiting?.status === 'failed' ? waiting.id : null)
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
    // details-column: the card is as tall as the workspace on a desktop (app.css), comps are not.
    <aside className="details-pane details-column" aria-label="Parcel details" data-covers-map="">
      <OpenedEventChange
        svcUuid={selectedId}
        link={
          record
            ? parcelLink(appUrl(), record)
            : // A parcel a reload removed cannot be centred on: the link opens it from where the map is.
              `${appUrl()}?${shareQuery()}`
        }
      />
      {record ? (
        <Suspense fallback={<p className="muted">Loading…</p>}>
          <ParcelDetails
            record={record}
            onClose={closeDetails}
            onOwnerSearch={(r) => workspace.searches.owner(r)}
            onComps={(r) => workspace.comps.forSubject({ kind: 'parcel', id: r.svc_uuid })}
            actions={
              <>
                <CardHoldingsActions record={record} />
                <CardWatchAction record={record} />
              </>
            }
            onReport={(r) => workspace.reports.parcel(r)}
          />
        </Suspense>
      ) : (
        <div className="details-waiting">
          {fate ? (
            // A link's parcel that a reload split, merged or renumbered: where its land is now (issue 23).
            <ParcelFateNote
              fate={fate}
              onOpen={(id) => workspace.parcels.fetch(id)}
              labelOf={(id) => {
                const r = workspace.parcels.recordById(id)
                return String(r?.parcel_id ?? r?.situs ?? `parcel ${id.slice(0, 8)}`)
              }}
            />
          ) : (
            <p role={waiting?.status === 'failed' ? 'alert' : 'status'}>
              {waiting?.status === 'failed' ? waiting.message : 'Loading parcel…'}
            </p>
          )}
          <button type="button" className="link-button" onClick={closeDetails}>
            Close details
          </button>
        </div>
      )}
    </aside>
  )
}

const appUrl = () => `${window.location.origin}${window.location.pathname}`

/** What became of a parcel that could not be loaded, from the change log (null while unknown). */
function useParcelFate(id: string | null): ParcelFate | null {
  const workspace = useWorkspace()
  const [fate, setFate] = useState<{ id: string; fate: ParcelFate } | null>(null)
  useEffect(() => {
    if (!id) return
    const abort = new AbortController()
    void workspace.changes.fateOf(id, abort.signal).then((f) => {
      if (!abort.signal.aborted && f) setFate({ id, fate: f })
    })
    return () => abort.abort()
  }, [id, workspace])
  return fate && fate.id === id ? fate.fate : null
}

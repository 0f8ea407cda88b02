/**
 * The open parcel's details — or the comparable sales the store has open (for a parcel, a drawn
 * area or a holding): beside the map on desktop, a bottom sheet on phones.
 */
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import type { ParcelRecord } from '../../../contract/schemas'
import { sameSubject } from '../../features/value/comps-subject'
import type { CompsState } from '../../state/comps-slice'
import { useAppStore } from '../../state/store'
import { compsCircle, compsOverlay, compsSubjectOf, downloadCompsCsv, todayIso } from '../workspace/comps-wiring'
import { useLookup, usePick, useSearchResult, useWorkspace } from './workspace-context'

const ParcelDetails = lazy(() =>
  import('../../features/parcel/parcel-details').then((m) => ({ default: m.ParcelDetails })),
)
const loadCompsPanel = () => import('../../features/value/comps-panel')
const CompsPanel = lazy(() => loadCompsPanel().then((m) => ({ default: m.CompsPanel })))

export function DetailsPane() {
  const workspace = useWorkspace()
  const selectedId = useAppStore((s) => s.selectedId)
  const open = useAppStore((s) => s.detailsOpen)
  const closeDetails = useAppStore((s) => s.closeDetails)
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
  if (comps) return <CompsPane comps={comps} record={record} waiting={waiting} />
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
          />
        </Suspense>
      ) : (
        <Waiting waiting={waiting} onClose={closeDetails} />
      )}
    </aside>
  )
}

function Waiting({
  waiting,
  onClose,
  close = 'Close details',
}: {
  waiting: ReturnType<typeof usePick>
  onClose(): void
  close?: string
}) {
  return (
    <div className="details-waiting">
      <p role={waiting?.status === 'failed' ? 'alert' : 'status'}>
        {waiting?.status === 'failed' ? waiting.message : 'Loading parcel…'}
      </p>
      <button type="button" className="link-button" onClick={onClose}>
        {close}
      </button>
    </div>
  )
}

/** Comps in the pane; a comp's card opened from the table covers them until "Back". */
function CompsPane(p: { comps: CompsState; record: ParcelRecord | null; waiting: ReturnType<typeof usePick> }) {
  const { comps } = p
  const workspace = useWorkspace()
  const s = workspace.store.getState
  const areas = useAppStore((st) => st.areas)
  const [comp, setComp] = useState<{ of: CompsState['subject']; record: ParcelRecord } | null>(null)
  const made = useMemo(() => compsSubjectOf(comps.subject, p.record, areas), [comps.subject, p.record, areas])
  // The same facts keep the same object: the panel starts a search when its subject changes.
  const kept = useRef(made)
  if (made !== kept.current && !(made && kept.current && sameSubject(made, kept.current))) kept.current = made
  const subject = kept.current
  const showComps = useCallback(
    (result: Parameters<typeof compsOverlay>[0], of: NonNullable<typeof subject>) =>
      workspace.showComps(compsOverlay(result, of)),
    [workspace],
  )
  const opened = comp && comp.of === comps.subject ? comp.record : null
  const site = comps.subject.kind === 'site'
  const close = () => s().closeComps()
  return (
    <aside className="details-pane" aria-label={site ? 'Area details' : 'Parcel details'} data-covers-map="">
      {subject && workspace.sources ? (
        <Suspense fallback={<p className="muted">Loading…</p>}>
          <div hidden={opened !== null}>
            <CompsPanel
              subject={subject}
              choices={comps.choices}
              overrides={comps.overrides}
              asOf={comps.asOf}
              today={todayIso()}
              sources={workspace.sources}
              circle={compsCircle}
              onChoices={(c) => s().setCompsChoices(c)}
              onOverride={(id, o) => s().setCompsOverride(id, o)}
              onAsOf={(d) => s().setCompsAsOf(d)}
              onClose={close}
              onOpenComp={(record) => setComp({ of: comps.subject, record })}
              onDownload={downloadCompsCsv}
              onResult={showComps}
            />
          </div>
          {opened && (
            <>
              <button type="button" className="link-button comps-back" onClick={() => setComp(null)}>
                ← Back to comparable sales
              </button>
              <ParcelDetails record={opened} onClose={() => setComp(null)} />
            </>
          )}
        </Suspense>
      ) : (
        <Waiting waiting={p.waiting} onClose={close} close="Close comparable sales" />
      )}
    </aside>
  )
}

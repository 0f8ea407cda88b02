/**
 * Comparable sales in the details pane (issue 20), for whatever subject the store has open — a
 * parcel, a drawn area, a holding. A comp's card opened from the table covers them until "Back".
 */
import './details-pane.css'
import { lazy, Suspense, useCallback, useMemo, useRef, useState } from 'react'
import { sameSubject } from '../../../contract/comps/comps-subject'
import type { ParcelRecord } from '../../../contract/schemas'
import {
  compsCircle,
  compsOverlay,
  compsSubjectOf,
  downloadCompsCsv,
  todayIso,
} from '../../features/value/comps-wiring'
import type { CompsState } from '../../state/comps-slice'
import { useAppStore } from '../../state/store'
import { ParcelDetails } from './lazy-parcel-details'
import { useWorkspace } from './workspace-context'

/** The panel's code, fetched early while a card is read (details-pane.tsx). */
export const loadCompsPanel = () => import('../../features/value/comps-panel')
const CompsPanel = lazy(() => loadCompsPanel().then((m) => ({ default: m.CompsPanel })))

/** `record`: the open parcel's, when loaded (a parcel subject waits for it). */
export function CompsPane(p: { comps: CompsState; record: ParcelRecord | null; failed: string | null }) {
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
  // The latest result, for the comps report (a parcel's comps; a site has no parcel card to report on).
  const [result, setResult] = useState<Parameters<typeof compsOverlay>[0]>(null)
  const showComps = useCallback(
    (r: Parameters<typeof compsOverlay>[0], of: NonNullable<typeof subject>) => {
      setResult(r)
      workspace.comps.show(compsOverlay(r, of))
    },
    [workspace],
  )
  const reportable = result && subject?.record ? { subject, result } : null
  const opened = comp && comp.of === comps.subject ? comp.record : null
  const close = () => s().closeComps()
  const label = comps.subject.kind === 'site' ? 'Area details' : 'Parcel details'
  return (
    // data-covers-map: the map frames the comps in the part this panel leaves visible.
    <aside className="details-pane" aria-label={label} data-covers-map="">
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
              actions={
                reportable && (
                  <button type="button" onClick={() => workspace.reports.comps(reportable.subject, reportable.result)}>
                    Report
                  </button>
                )
              }
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
        <div className="details-waiting">
          <p role={p.failed ? 'alert' : 'status'}>{p.failed ?? 'Loading parcel…'}</p>
          <button type="button" className="link-button" onClick={close}>
            Close comparable sales
          </button>
        </div>
      )}
    </aside>
  )
}

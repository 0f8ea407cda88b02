/**
 * The Measure tool's figures on the map (issue 18, problem 9): distance or area, chosen here, the
 * figure in US units first and metric beside it, live as the line or shape is drawn.
 */
import type { MeasureKind } from '../../ports/workspace-ports'
import type { Measurement } from './measure'
import './measure.css'

const KINDS: readonly { kind: MeasureKind; label: string }[] = [
  { kind: 'distance', label: 'Distance' },
  { kind: 'area', label: 'Area' },
]

export function MeasureReadout({
  measurement,
  kind,
  onKind,
  touch,
}: {
  measurement: Measurement | null
  kind: MeasureKind
  onKind(kind: MeasureKind): void
  touch: boolean
}) {
  const tap = touch ? 'Tap' : 'Click'
  const empty =
    kind === 'distance'
      ? `${tap} the start, then each bend of the line.`
      : `${tap} each corner; ${tap.toLowerCase()} the first one to close.`
  const shown = measurement?.kind === kind ? measurement : null
  return (
    <section className="measure-readout" aria-label="Measurement">
      {/* biome-ignore lint/a11y/useSemanticElements: a two-way switch reads as a group of toggle buttons */}
      <div className="measure-kinds" role="group" aria-label="Measure">
        {KINDS.map((k) => (
          <button key={k.kind} type="button" aria-pressed={kind === k.kind} onClick={() => onKind(k.kind)}>
            {k.label}
          </button>
        ))}
      </div>
      <output className="measure-figures" aria-live="polite" data-kind={kind}>
        {shown ? (
          <>
            <strong className="measure-imperial">{shown.imperial}</strong>
            <span className="measure-metric">{shown.metric}</span>
            <span className="measure-detail">{shown.detail}</span>
          </>
        ) : (
          <span className="measure-detail">{empty}</span>
        )}
      </output>
    </section>
  )
}

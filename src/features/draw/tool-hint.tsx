/**
 * What to do with the tool just picked, on the map itself (issue 18, problem 7: on a phone, picking
 * Rectangle closed the sheet and left no word on how to draw). A status, so a screen reader says it
 * too; "Exit" goes back to Pan. A shape the tool refused says why here as well (issue 37): on a
 * phone the search panel, where the notice also goes, is folded away while drawing.
 */
import { useEffect, useRef, useState } from 'react'
import type { ShapeProgress } from '../../ports/workspace-ports'
import { useAppStore } from '../../state/store'
import type { MapTool } from '../../state/ui-slice'
import { useValueStore } from '../../state/use-value-store'
import type { ValueStore } from '../../state/value-store'
import { toolDef } from './draw-toolbar'
import { formatImperialDistance, formatMetricDistance } from './measure'

/** The shape being drawn, and what a finger can do to it (draw-feature.ts DrawIntents). */
export interface ShapeInProgress {
  progress: ValueStore<ShapeProgress | null>
  finishShape(): void
  undoCorner(): void
}

/** Below this a circle is only its centre (terra-draw starts it at 1 cm). */
const CENTRE_ONLY_M = 0.5

function ProgressLine({ progress, shape }: { progress: ShapeProgress; shape: ShapeInProgress }) {
  if (progress.kind === 'circle') {
    return (
      <span className="tool-hint-progress" data-testid="shape-progress">
        {progress.radiusMetres < CENTRE_ONLY_M
          ? 'Centre placed; now tap the edge.'
          : `Radius ${formatImperialDistance(progress.radiusMetres)} · ${formatMetricDistance(progress.radiusMetres)}`}
      </span>
    )
  }
  const { corners } = progress
  return (
    <span className="tool-hint-progress" data-testid="shape-progress">
      {corners} {corners === 1 ? 'corner' : 'corners'}
      <button type="button" className="tool-hint-action" onClick={() => shape.undoCorner()}>
        Undo corner
      </button>
      <button
        type="button"
        className="tool-hint-action"
        disabled={corners < 3}
        title={corners < 3 ? 'An area needs at least 3 corners' : undefined}
        onClick={() => shape.finishShape()}
      >
        Done
      </button>
    </span>
  )
}

export function ToolHint({
  tool,
  touch,
  onExit,
  shape,
}: {
  tool: MapTool
  touch: boolean
  onExit(): void
  shape: ShapeInProgress
}) {
  const def = tool === 'pan' ? undefined : toolDef(tool)
  const progress = useValueStore(shape.progress)
  const notice = useAppStore((s) => s.drawNotice)
  const [refusal, setRefusal] = useState<string | null>(null)
  // Only a refusal made while this tool is picked; the notice of an earlier one is old news.
  const noticeSeen = useRef(notice)
  useEffect(() => {
    if (notice === noticeSeen.current) return
    noticeSeen.current = notice
    setRefusal(notice?.level === 'warning' ? notice.message : null)
  }, [notice])
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new tool clears the refusal
  useEffect(() => setRefusal(null), [tool])
  return (
    <div className="tool-hint" role="status" hidden={!def}>
      {def && (
        <>
          <span>
            <strong>{def.label}:</strong> {touch ? def.touchHint : def.hint}
            {progress && <ProgressLine progress={progress} shape={shape} />}
            {refusal && <span className="tool-hint-refusal">{refusal}</span>}
          </span>
          <button type="button" className="tool-hint-exit" aria-label={`Exit ${def.label} tool`} onClick={onExit}>
            Exit
          </button>
        </>
      )}
    </div>
  )
}

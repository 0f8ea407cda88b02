/**
 * What to do with the tool just picked, on the map itself (issue 18, problem 7: on a phone, picking
 * Rectangle closed the sheet and left no word on how to draw). A status, so a screen reader says it
 * too; "Exit" goes back to Pan. A shape the tool refused says why here as well (issue 37): on a
 * phone the search panel, where the notice also goes, is folded away while drawing.
 */
import { useEffect, useRef, useState } from 'react'
import { useAppStore } from '../../state/store'
import type { MapTool } from '../../state/ui-slice'
import { toolDef } from './draw-toolbar'

export function ToolHint({ tool, touch, onExit }: { tool: MapTool; touch: boolean; onExit(): void }) {
  const def = tool === 'pan' ? undefined : toolDef(tool)
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

/**
 * What to do with the tool just picked, on the map itself (issue 18, problem 7: on a phone, picking
 * Rectangle closed the sheet and left no word on how to draw). A status, so a screen reader says it
 * too; "Exit" goes back to Pan.
 */
import type { MapTool } from '../../state/ui-slice'
import { toolDef } from './draw-toolbar'

export function ToolHint({ tool, touch, onExit }: { tool: MapTool; touch: boolean; onExit(): void }) {
  const def = tool === 'pan' ? undefined : toolDef(tool)
  return (
    <div className="tool-hint" role="status" hidden={!def}>
      {def && (
        <>
          <span>
            <strong>{def.label}:</strong> {touch ? def.touchHint : def.hint}
          </span>
          <button type="button" className="tool-hint-exit" aria-label={`Exit ${def.label} tool`} onClick={onExit}>
            Exit
          </button>
        </>
      )}
    </div>
  )
}

import { type FocusEvent, type KeyboardEvent, useRef, useState } from 'react'
import type { MapTool } from '../../state/ui-slice'
import './draw.css'

export interface ToolDef {
  tool: MapTool
  label: string
  key: string
  hint: string
  /** The same guidance for a finger (shown on the map while the tool is picked on a touch screen). */
  touchHint: string
}

/** Tools with their single-key shortcuts (ignored while typing in a field). */
export const TOOLS: readonly ToolDef[] = [
  {
    tool: 'pan',
    label: 'Pan',
    key: 'H',
    hint: 'Move the map; click a parcel to select it',
    touchHint: 'Drag to move the map; tap a parcel to select it',
  },
  {
    tool: 'select',
    label: 'Edit',
    key: 'S',
    hint: 'Select an area to move it or drag its vertices; Delete removes it',
    touchHint: 'Tap an area, then drag it or its handles',
  },
  {
    tool: 'polygon',
    label: 'Polygon',
    key: 'P',
    hint: 'Click each corner; click the first point to close',
    touchHint: 'Tap each corner; tap the first point or Done to close',
  },
  {
    tool: 'rectangle',
    label: 'Rectangle',
    key: 'R',
    hint: 'Click (or drag) from one corner to the opposite',
    touchHint: 'Tap one corner, then tap the opposite corner',
  },
  {
    tool: 'circle',
    label: 'Circle',
    key: 'C',
    hint: 'Click the centre, move out, click again',
    touchHint: 'Tap the centre, then tap the edge',
  },
  {
    tool: 'freehand',
    label: 'Freehand',
    key: 'F',
    hint: 'Click (or press) and trace the outline',
    touchHint: 'Press and trace the outline with your finger',
  },
  {
    tool: 'line',
    label: 'Line',
    key: 'L',
    hint: 'Click along a road or river, double-click to end, then buffer it',
    touchHint: 'Tap along a road or river, tap the last point again to end, then buffer it',
  },
  {
    tool: 'point',
    label: 'Point',
    key: 'O',
    hint: 'Click a point, then search within a distance of it',
    touchHint: 'Tap a point, then search within a distance of it',
  },
  {
    tool: 'measure',
    label: 'Measure',
    key: 'M',
    hint: 'Click along a line, double-click to end; or pick Area and click its corners',
    touchHint: 'Tap along a line, the last point again to end; or pick Area',
  },
  {
    tool: 'identify',
    label: 'Identify',
    key: 'I',
    hint: 'Click the map to look up the parcel at that point',
    touchHint: 'Tap the map to look up the parcel there',
  },
]

export function toolDef(tool: MapTool): ToolDef | undefined {
  return TOOLS.find((t) => t.tool === tool)
}

/** The key that toggles "Keep tool" (a drawing tool stays picked after a finished shape). */
export const LOCK_KEY = 'K'

export function toolForKey(key: string): MapTool | null {
  const k = key.toUpperCase()
  return TOOLS.find((t) => t.key === k)?.tool ?? null
}

const ICONS: Record<MapTool, string> = {
  pan: 'M12 2l3 3h-2v6h6V9l3 3-3 3v-2h-6v6h2l-3 3-3-3h2v-6H5v2l-3-3 3-3v2h6V5H9z',
  select: 'M4 3l14 7-6 2-2 6z',
  polygon: 'M5 6l7-3 7 5-2 10H7z',
  rectangle: 'M4 6h16v12H4z',
  circle: 'M12 4a8 8 0 1 0 0.01 0z',
  freehand: 'M3 15c3-6 5 2 8-3s4-6 7-2 2 6 3 6',
  line: 'M3 18c4-1 5-9 9-9s5 6 9 3',
  point: 'M12 3a5 5 0 0 1 5 5c0 4-5 11-5 11S7 12 7 8a5 5 0 0 1 5-5z',
  identify: 'M11 4a7 7 0 1 0 0.01 0zM16 16l5 5',
  measure: 'M3 16l13-13 5 5-13 13zM7 12l2 2M10 9l2 2M13 6l2 2',
}
const LOCK_ICON = 'M7 11V8a5 5 0 0 1 10 0v3M5 11h14v10H5z'
const UNLOCK_ICON = 'M7 11V8a5 5 0 0 1 9.6-2M5 11h14v10H5z'

export function DrawToolbar({
  tool,
  onTool,
  onClear,
  areaCount,
  onUndo,
  onRedo,
  canUndo,
  canRedo,
  locked,
  onLockedChange,
}: {
  tool: MapTool
  onTool(tool: MapTool): void
  locked: boolean
  onLockedChange(locked: boolean): void
  onClear(): void
  areaCount: number
  onUndo(): void
  onRedo(): void
  canUndo: boolean
  canRedo: boolean
}) {
  const ref = useRef<HTMLDivElement>(null)
  // One tab stop (roving tabindex, WAI-ARIA toolbar pattern): the button last focused while it can
  // still act, else the pressed tool. Without it Tab walked through all 14 buttons.
  const [last, setLast] = useState<string | null>(null)
  const enabled: Record<string, boolean> = { undo: canUndo, redo: canRedo, clear: areaCount > 0 }
  const stop = last !== null && enabled[last] !== false ? last : tool
  const stopProps = (key: string) => ({ 'data-stop': key, tabIndex: key === stop ? 0 : -1 })
  const onFocus = (e: FocusEvent<HTMLDivElement>) => {
    const key = (e.target as HTMLElement).dataset.stop
    if (key) setLast(key)
  }
  // Arrow keys move focus along the toolbar; Tab leaves it.
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (!['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End'].includes(e.key)) return
    const buttons = Array.from(ref.current?.querySelectorAll<HTMLButtonElement>('button:not(:disabled)') ?? [])
    const i = buttons.indexOf(document.activeElement as HTMLButtonElement)
    const last = buttons.length - 1
    const next =
      e.key === 'Home' ? 0 : e.key === 'End' ? last : e.key === 'ArrowLeft' || e.key === 'ArrowUp' ? i - 1 : i + 1
    buttons[(next + buttons.length) % buttons.length]?.focus()
    e.preventDefault()
  }
  return (
    <div
      ref={ref}
      className="draw-toolbar"
      role="toolbar"
      aria-label="Map tools"
      onKeyDown={onKeyDown}
      onFocus={onFocus}
    >
      {TOOLS.map((t) => (
        <button
          key={t.tool}
          type="button"
          className="tool-button"
          aria-pressed={tool === t.tool}
          aria-keyshortcuts={t.key}
          title={`${t.hint} (${t.key})`}
          onClick={() => onTool(t.tool)}
          data-tool={t.tool}
          {...stopProps(t.tool)}
        >
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path d={ICONS[t.tool]} />
          </svg>
          <span>{t.label}</span>
          <span className="tool-key" aria-hidden="true">
            {t.key}
          </span>
        </button>
      ))}
      <button
        type="button"
        className="tool-button tool-lock"
        aria-pressed={locked}
        aria-keyshortcuts={LOCK_KEY}
        title={`Keep the drawing tool after each finished shape (${LOCK_KEY}); when off, the map returns to Pan`}
        onClick={() => onLockedChange(!locked)}
        {...stopProps('lock')}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d={locked ? LOCK_ICON : UNLOCK_ICON} />
        </svg>
        <span>Keep tool</span>
        <span className="tool-key" aria-hidden="true">
          {LOCK_KEY}
        </span>
      </button>
      <button
        type="button"
        className="tool-button"
        onClick={onUndo}
        disabled={!canUndo}
        {...stopProps('undo')}
        aria-keyshortcuts="Control+Z"
        title="Undo the last area edit (Ctrl+Z)"
      >
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="M9 14L4 9l5-5M4 9h10a6 6 0 0 1 0 12h-3" />
        </svg>
        <span>Undo</span>
      </button>
      <button
        type="button"
        className="tool-button"
        onClick={onRedo}
        disabled={!canRedo}
        {...stopProps('redo')}
        aria-keyshortcuts="Control+Shift+Z"
        title="Redo (Ctrl+Shift+Z)"
      >
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="M15 14l5-5-5-5M20 9H10a6 6 0 0 0 0 12h3" />
        </svg>
        <span>Redo</span>
      </button>
      <button
        type="button"
        className="tool-button tool-danger"
        onClick={onClear}
        disabled={areaCount === 0}
        {...stopProps('clear')}
        title="Remove every drawn area"
      >
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="M5 7h14M9 7V4h6v3M7 7l1 13h8l1-13" />
        </svg>
        <span>Clear all</span>
      </button>
    </div>
  )
}

/**
 * What the drawing tools add on the map beyond terra-draw: the Measure tool's readout, and
 * keyboard drawing (issue 18, problems 9 and 10). Keys pressed on the focused map reach the
 * workspace here, before the app's single-key shortcuts (F would otherwise pick Freehand).
 */
import { type RefObject, useEffect } from 'react'
import { KeyboardDrawing } from '../../features/draw/keyboard-drawing'
import { MeasureReadout } from '../../features/draw/measure-readout'
import { useKeyboardFocus } from '../../features/draw/use-keyboard-focus'
import type { MapTool } from '../../state/ui-slice'
import { useValueStore } from '../../state/use-value-store'
import { useWorkspace } from './workspace-context'

const isMapCanvas = (el: EventTarget | null) => el instanceof HTMLElement && el.classList.contains('maplibregl-canvas')

export function MapDrawing({
  container,
  tool,
  touch,
}: {
  container: RefObject<HTMLElement | null>
  tool: MapTool
  touch: boolean
}) {
  const workspace = useWorkspace()
  const measurement = useValueStore(workspace.draw.measurement)
  const measureKind = useValueStore(workspace.draw.measureKind)
  const sketch = useValueStore(workspace.draw.keyboard.state)
  // The crosshair and banner are for keyboard users: never for a tap or a focus the app moved.
  const focused = useKeyboardFocus(container, isMapCanvas)

  useEffect(() => {
    const el = container.current
    if (!el) return
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || !isMapCanvas(e.target)) return
      if (workspace.store.getState().tool !== 'polygon') return
      if (!workspace.draw.keyboard.key(e.key)) return
      e.preventDefault()
      e.stopPropagation()
    }
    el.addEventListener('keydown', onKey)
    return () => {
      el.removeEventListener('keydown', onKey)
    }
  }, [container, workspace])

  const drawing = focused && tool === 'polygon'
  return (
    <>
      {tool === 'measure' && (
        <MeasureReadout
          measurement={measurement}
          kind={measureKind}
          onKind={(k) => workspace.draw.setMeasureKind(k)}
          touch={touch}
        />
      )}
      <KeyboardDrawing
        crosshair={drawing}
        showMessage={drawing || (focused && sketch.added)}
        message={sketch.message}
      />
    </>
  )
}

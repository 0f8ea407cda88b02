/**
 * Keyboard drawing on the map (keyboard-sketch.ts): while the Polygon tool is picked and the map
 * has focus, a crosshair marks the map's centre, where Enter adds a point, and a live region says
 * how many points there are and what the keys do next.
 */
import './measure.css'

export function KeyboardDrawing({
  crosshair,
  showMessage,
  message,
}: {
  crosshair: boolean
  showMessage: boolean
  message: string
}) {
  return (
    <>
      {crosshair && (
        <div className="kbd-crosshair" data-testid="keyboard-crosshair">
          <svg viewBox="0 0 31 31" aria-hidden="true">
            <path d="M15.5 2v10M15.5 19v10M2 15.5h10M19 15.5h10" stroke="#fff" strokeWidth="5" />
            <path d="M15.5 2v10M15.5 19v10M2 15.5h10M19 15.5h10" stroke="#1d4ed8" strokeWidth="2.5" />
            <circle cx="15.5" cy="15.5" r="1.8" fill="#1d4ed8" />
          </svg>
        </div>
      )}
      {/* Always in the page, so a screen reader hears each change; shown while drawing by keyboard. */}
      <p className="kbd-status" role="status" aria-live="polite" data-active={showMessage}>
        {showMessage ? message : ''}
      </p>
    </>
  )
}

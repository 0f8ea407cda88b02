/**
 * The map's own options — basemap, "Jump to" a county with data, colours and legend. On a desktop
 * they float over the map's corners as before; on a phone they fold into one button beside the
 * zoom buttons (issue 18, problem 7: three floating panels and the attribution covered a third of
 * the phone's map), opening as one panel over the top of the map. The button shows the colours of
 * the chosen theme, so a folded legend still says the map is coloured.
 */
import { type ReactNode, useEffect, useId, useRef } from 'react'
import './map-controls.css'
import { type ThemeId, themeById } from '../../format/themes'

export function MapControls({
  open,
  onOpenChange,
  theme,
  children,
}: {
  open: boolean
  onOpenChange(open: boolean): void
  theme: ThemeId
  /** The options themselves (toolbar, legend), laid out by the map's CSS. */
  children: ReactNode
}) {
  const id = useId()
  const toggleRef = useRef<HTMLButtonElement>(null)
  const def = themeById(theme)
  const swatches = def.kind === 'plain' ? [] : def.classes.map((c) => c.color)
  useEffect(() => {
    if (!open) return
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return
      onOpenChange(false)
      toggleRef.current?.focus()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [open, onOpenChange])
  return (
    <>
      <button
        ref={toggleRef}
        type="button"
        className="map-controls-toggle"
        aria-expanded={open}
        aria-controls={id}
        aria-label="Map options"
        title="Basemap, jump to a county, colours"
        onClick={() => onOpenChange(!open)}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="M12 3l9 5-9 5-9-5zM3 13l9 5 9-5M3 17.5l9 5 9-5" />
        </svg>
        {swatches.length > 0 && (
          <span className="map-controls-swatches" aria-hidden="true">
            {swatches.map((c) => (
              <span key={c} style={{ background: c }} />
            ))}
          </span>
        )}
      </button>
      <div id={id} className="map-controls" data-open={open ? 'true' : 'false'}>
        {children}
        <button type="button" className="map-controls-close" onClick={() => onOpenChange(false)}>
          Done
        </button>
      </div>
    </>
  )
}

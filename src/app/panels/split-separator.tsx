/**
 * The handle between the map and the results (issue 37): dragged by mouse or finger, moved by the
 * arrow keys (Page Up/Down for big steps, Home/End for the ends), and remembered. It sets the map's
 * share of the workspace as a CSS variable on the workspace; app.css lays the rows out from it.
 */
import { type KeyboardEvent, type PointerEvent, type RefObject, useEffect, useSyncExternalStore } from 'react'
import { useMediaQuery } from '../../ui/use-media-query'
import { clampSplit, SPLIT_DEFAULT, SPLIT_MAX, SPLIT_MIN, splitStore } from './split-settings'

const STEP = 2
/** app.css's phone layout. */
const PHONE_QUERY = '(max-width: 760px)'
const BIG_STEP = 10

/** The map's share now (the stored one, else the layout's default), and a setter that stores it. */
function useSplit(): [number, (share: number) => void] {
  const stored = useSyncExternalStore(splitStore.subscribe, () => splitStore.getState().mapShare)
  const phone = useMediaQuery(PHONE_QUERY)
  const fallback = phone ? SPLIT_DEFAULT.phone : SPLIT_DEFAULT.desktop
  return [stored ?? fallback, (share) => splitStore.getState().set({ mapShare: clampSplit(share) })]
}

export function SplitSeparator({ workspace }: { workspace: RefObject<HTMLElement | null> }) {
  const [share, setShare] = useSplit()
  // The workspace's rows follow the share (a CSS variable: no inline style attribute in the markup).
  useEffect(() => {
    workspace.current?.style.setProperty('--map-share', `${share}%`)
  }, [share, workspace])

  const shareAt = (clientY: number): number | null => {
    const box = workspace.current?.getBoundingClientRect()
    return box && box.height > 0 ? ((clientY - box.top) / box.height) * 100 : null
  }
  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return
    e.preventDefault()
    e.currentTarget.setPointerCapture(e.pointerId)
  }
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (!e.currentTarget.hasPointerCapture(e.pointerId)) return
    const at = shareAt(e.clientY)
    if (at !== null) setShare(at)
  }
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const next: Record<string, number> = {
      ArrowUp: share - STEP,
      ArrowDown: share + STEP,
      PageUp: share - BIG_STEP,
      PageDown: share + BIG_STEP,
      Home: SPLIT_MIN,
      End: SPLIT_MAX,
    }
    const to = next[e.key]
    if (to === undefined) return
    e.preventDefault()
    setShare(to)
  }
  return (
    // biome-ignore lint/a11y/useSemanticElements: a focusable, movable separator; <hr> cannot take focus or a value
    <div
      className="split-separator"
      role="separator"
      aria-orientation="horizontal"
      aria-label="Map and results: drag or use the arrow keys to resize"
      aria-valuenow={share}
      aria-valuemin={SPLIT_MIN}
      aria-valuemax={SPLIT_MAX}
      aria-valuetext={`Map ${share} % of the height`}
      aria-controls="results"
      tabIndex={0}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onKeyDown={onKeyDown}
    />
  )
}

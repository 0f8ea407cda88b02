import { useEffect, useRef } from 'react'
import { LOCK_KEY, toolForKey } from '../../features/draw/draw-toolbar'
import type { MapTool } from '../../state/ui-slice'
import { isTypingTarget } from './is-typing'

/** Single-key shortcuts and Ctrl/Cmd+Z, Ctrl/Cmd+Shift+Z (or Ctrl+Y) for area undo/redo; ignored while typing in a field. */
export function useShortcuts(opts: {
  onTool(tool: MapTool): void
  onToggleLock(): void
  onEscape(): void
  onHelp(): void
  onUndo(): void
  onRedo(): void
  disabled: boolean
}) {
  const ref = useRef(opts)
  ref.current = opts
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const o = ref.current
      // Text fields keep their own undo; so do open dialogs.
      if (o.disabled || e.defaultPrevented || isTypingTarget(e.target)) return
      if ((e.ctrlKey || e.metaKey) && !e.altKey && (e.key.toLowerCase() === 'z' || e.key.toLowerCase() === 'y')) {
        e.preventDefault()
        if (e.key.toLowerCase() === 'y' || e.shiftKey) o.onRedo()
        else o.onUndo()
        return
      }
      if (e.ctrlKey || e.metaKey || e.altKey) return
      if (e.key === 'Escape') {
        o.onEscape()
        return
      }
      if (e.key === '?') {
        o.onHelp()
        return
      }
      if (e.key.toUpperCase() === LOCK_KEY) {
        e.preventDefault()
        o.onToggleLock()
        return
      }
      const tool = toolForKey(e.key)
      if (tool) {
        e.preventDefault()
        o.onTool(tool)
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])
}

import { useEffect, useRef } from 'react'
import { toolForKey } from '../draw/draw-toolbar'
import type { MapTool } from '../state/ui-slice'
import { isTypingTarget } from './is-typing'

/** Single-key shortcuts, ignored while typing in a field or with modifier keys held. */
export function useShortcuts(opts: {
  onTool(tool: MapTool): void
  onEscape(): void
  onHelp(): void
  disabled: boolean
}) {
  const ref = useRef(opts)
  ref.current = opts
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const o = ref.current
      if (o.disabled || e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey) return
      if (isTypingTarget(e.target)) return
      if (e.key === 'Escape') {
        o.onEscape()
        return
      }
      if (e.key === '?') {
        o.onHelp()
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

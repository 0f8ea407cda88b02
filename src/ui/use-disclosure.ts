/**
 * A button that shows and hides a popover of actions (the APG disclosure pattern: aria-expanded on
 * the toggle, plain buttons inside; simpler and more predictable for screen readers than
 * role="menu"). On open the first action takes focus; a press outside closes it; Escape closes it
 * and returns focus to the toggle, as does `close()` (call it before an action opens a dialog, so
 * the dialog hands focus back to the toggle, not to a hidden item).
 */
import { type KeyboardEvent, useCallback, useEffect, useRef } from 'react'

export function useDisclosure(open: boolean, onOpenChange: (open: boolean) => void, firstAction: string) {
  const root = useRef<HTMLDivElement>(null)
  const toggle = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    if (!open) return
    root.current?.querySelector<HTMLElement>(firstAction)?.focus()
    const onPointer = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) onOpenChange(false)
    }
    document.addEventListener('pointerdown', onPointer)
    return () => document.removeEventListener('pointerdown', onPointer)
  }, [open, onOpenChange, firstAction])
  const close = useCallback(() => {
    onOpenChange(false)
    toggle.current?.focus()
  }, [onOpenChange])
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && open) {
      e.stopPropagation()
      close()
    }
  }
  return { root, toggle, close, onKeyDown }
}

/**
 * Whether the map has focus by keyboard intent (issue 37, item 2), the way `:focus-visible` means
 * it: the map reached while the person was using the keys (Tab, a skip link), or a key pressed on
 * it. A focus after a tap is not — on a phone the controls sheet closing hands focus to the map,
 * which showed the keyboard drawing's crosshair and banner to a finger. The last input is tracked
 * here rather than read from `:focus-visible`, which test DOMs match on every focus.
 */
import { type RefObject, useEffect, useState } from 'react'

export function useKeyboardFocus(container: RefObject<HTMLElement | null>, isMap: (el: EventTarget | null) => boolean) {
  const [on, setOn] = useState(false)
  useEffect(() => {
    const el = container.current
    if (!el) return
    const doc = el.ownerDocument
    // Nothing pressed yet: a focus the app moves on its own is no keyboard use.
    let keyboard = false
    const onAnyKey = () => {
      keyboard = true
    }
    const onAnyPointer = () => {
      keyboard = false
      setOn(false)
    }
    const onFocus = (e: FocusEvent) => setOn(isMap(e.target) && keyboard)
    const onBlur = () => setOn(false)
    const onKey = (e: KeyboardEvent) => {
      if (isMap(e.target)) setOn(true)
    }
    doc.addEventListener('keydown', onAnyKey, true)
    doc.addEventListener('pointerdown', onAnyPointer, true)
    el.addEventListener('focusin', onFocus)
    el.addEventListener('focusout', onBlur)
    el.addEventListener('keydown', onKey)
    return () => {
      doc.removeEventListener('keydown', onAnyKey, true)
      doc.removeEventListener('pointerdown', onAnyPointer, true)
      el.removeEventListener('focusin', onFocus)
      el.removeEventListener('focusout', onBlur)
      el.removeEventListener('keydown', onKey)
    }
  }, [container, isMap])
  return on
}

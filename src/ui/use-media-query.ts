/** Whether a CSS media query matches now, re-rendering when it changes (false where there is no window). */
import { useCallback, useSyncExternalStore } from 'react'

export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = typeof window === 'undefined' ? undefined : window.matchMedia?.(query)
      list?.addEventListener('change', onChange)
      return () => list?.removeEventListener('change', onChange)
    },
    [query],
  )
  const get = () => (typeof window === 'undefined' ? false : (window.matchMedia?.(query).matches ?? false))
  return useSyncExternalStore(subscribe, get, () => false)
}

/** A finger, not a mouse: guidance says "tap" (the phone layout's width alone does not say that). */
export const TOUCH_QUERY = '(pointer: coarse)'

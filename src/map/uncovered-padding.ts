/**
 * Fit padding that keeps a framed shape out from under panels marked `data-covers-map` (the
 * details: beside the map on desktop, a bottom sheet on phones), never leaving less than 80 px.
 */
export function uncoveredPadding(container: HTMLElement, base: number) {
  const box = container.getBoundingClientRect()
  const pad = { top: base, right: base, bottom: base, left: base }
  for (const el of document.querySelectorAll<HTMLElement>('[data-covers-map]')) {
    const r = el.getBoundingClientRect()
    if (r.width === 0 || r.height === 0 || r.right <= box.left || r.left >= box.right) continue
    if (r.bottom <= box.top || r.top >= box.bottom) continue
    const spansHeight = r.top <= box.top + 1 && r.bottom >= box.bottom - 1
    const spansWidth = r.left <= box.left + 1 && r.right >= box.right - 1
    if (spansHeight && r.left > box.left) pad.right = Math.max(pad.right, box.right - r.left + base)
    else if (spansWidth && r.top > box.top) pad.bottom = Math.max(pad.bottom, box.bottom - r.top + base)
  }
  const room = 80
  pad.right = Math.max(0, Math.min(pad.right, box.width - pad.left - room))
  pad.bottom = Math.max(0, Math.min(pad.bottom, box.height - pad.top - room))
  return pad
}

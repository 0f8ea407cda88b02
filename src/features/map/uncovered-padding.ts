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

export interface Padding {
  top: number
  right: number
  bottom: number
  left: number
}

/**
 * How far to pan (MapLibre `panBy`: content moves by minus this) so a point of the map, in container
 * pixels, sits in the part no panel covers, at least `margin` inside it; null when it already does.
 * A point that has to move goes to the middle of the uncovered part on that axis.
 */
export function panToUncover(
  [x, y]: [number, number],
  size: { width: number; height: number },
  pad: Padding,
  margin = 40,
): [number, number] | null {
  const left = pad.left
  const right = size.width - pad.right
  const top = pad.top
  const bottom = size.height - pad.bottom
  const axis = (v: number, lo: number, hi: number) =>
    hi - lo <= 2 * margin ? v - (lo + hi) / 2 : v < lo + margin || v > hi - margin ? v - (lo + hi) / 2 : 0
  const dx = axis(x, left, right)
  const dy = axis(y, top, bottom)
  return dx === 0 && dy === 0 ? null : [Math.round(dx), Math.round(dy)]
}

/**
 * Splits an integer `total` into parts proportional to `weights`, each within [min, max], that add up
 * to `total` exactly (largest-remainder method, then ±1 passes for the bounds). Exact totals are what
 * make the generator yield precisely the requested number of parcels.
 */
export function apportion(total: number, weights: readonly number[], min = 0, max = Infinity): number[] {
  const n = weights.length
  if (n === 0) {
    if (total !== 0) throw new Error(`apportion: ${total} over no parts`)
    return []
  }
  if (total < min * n || total > max * n) throw new Error(`apportion: ${total} does not fit ${n} × [${min}, ${max}]`)
  let sum = 0
  for (const w of weights) sum += w
  const ideal = weights.map((w) => (sum > 0 ? (total * w) / sum : total / n))
  const parts = ideal.map((v) => Math.min(max, Math.max(min, Math.floor(v))))
  let left = total - parts.reduce((a, b) => a + b, 0)
  // Largest fractional remainder first; ties by index so the result is deterministic.
  const order = ideal.map((_, i) => i).sort((a, b) => remainder(ideal, b) - remainder(ideal, a) || a - b)
  while (left !== 0) {
    const step = left > 0 ? 1 : -1
    let moved = false
    for (const i of order) {
      const next = (parts[i] as number) + step
      if (next < min || next > max) continue
      parts[i] = next
      left -= step
      moved = true
      if (left === 0) break
    }
    if (!moved) throw new Error('apportion: no part can move')
  }
  return parts
}

const remainder = (ideal: readonly number[], i: number): number => {
  const v = ideal[i] as number
  return v - Math.floor(v)
}

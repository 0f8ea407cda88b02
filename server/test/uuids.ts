/** Well-formed UUIDs that no parcel has (deterministic, version-4 shaped, `f0000000-…` prefix). */
export function fakeUuids(n: number, seed = 0): string[] {
  const out: string[] = []
  for (let i = 0; i < n; i++) {
    const hex = (seed * 1_000_003 + i).toString(16).padStart(12, '0').slice(-12)
    out.push(`f0000000-0000-4000-8000-${hex}`)
  }
  return out
}

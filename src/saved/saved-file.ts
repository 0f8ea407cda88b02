/** Saved searches as a file: export all, import and merge (the same search already saved is skipped, name clashes renamed). */
import { MAX_SEARCHES, type SavedSearch, SavedSearchSchema } from './saved-store'

export const FILE_FORMAT = 'plat-saved-searches'

export function savedSearchesFile(searches: readonly SavedSearch[]): string {
  return `${JSON.stringify({ format: FILE_FORMAT, version: 1, searches }, null, 2)}\n`
}

export interface MergeResult {
  searches: SavedSearch[]
  message: string
}

export function mergeSavedFile(current: readonly SavedSearch[], text: string): MergeResult | { error: string } {
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch {
    return { error: 'This file is not a Plat saved-searches file (not JSON).' }
  }
  const d = data as { format?: unknown; searches?: unknown; version?: unknown }
  if (d?.format !== FILE_FORMAT || !Array.isArray(d.searches)) {
    return { error: 'This file is not a Plat saved-searches file.' }
  }
  const merged = [...current]
  let added = 0
  let duplicates = 0
  let unreadable = 0
  for (const entry of d.searches) {
    const r = SavedSearchSchema.safeParse(entry)
    if (!r.success) {
      unreadable++
      continue
    }
    const s = r.data
    if (merged.some((m) => m.query === s.query)) {
      duplicates++
      continue
    }
    let name = s.name
    for (let n = 2; merged.some((m) => m.name.toLowerCase() === name.toLowerCase()); n++) name = `${s.name} (${n})`
    if (merged.length >= MAX_SEARCHES) break
    merged.push({ ...s, name, id: `${s.id}-i${added}` })
    added++
  }
  const parts = [`Imported ${added} search${added === 1 ? '' : 'es'}`]
  if (duplicates) parts.push(`${duplicates} ${duplicates === 1 ? 'was' : 'were'} already saved`)
  if (unreadable) parts.push(`${unreadable} could not be read`)
  return { searches: merged, message: `${parts.join('; ')}.` }
}

import { CDL_CATEGORIES, type CdlCategory } from '../../../contract/crops'

/** Picker order: crops first, then hay, trees, idle land, developed, natural cover, water — then by name. */
const KIND_ORDER: CdlCategory['kind'][] = ['crop', 'hay', 'tree', 'idle', 'developed', 'natural', 'water']

export const KIND_LABELS: Record<CdlCategory['kind'], string> = {
  crop: 'Crops',
  hay: 'Hay',
  tree: 'Tree crops',
  idle: 'Idle',
  developed: 'Developed',
  natural: 'Natural cover',
  water: 'Water',
}

const SORTED_CDL: readonly CdlCategory[] = [...CDL_CATEGORIES].sort(
  (a, b) => KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind) || a.name.localeCompare(b.name),
)

export const CROP_NAMES: readonly string[] = SORTED_CDL.map((c) => c.name)

/** Case-insensitive substring search over names and kind labels ("tree" finds the orchards). */
export function searchCrops(query: string): CdlCategory[] {
  const q = query.trim().toLowerCase()
  if (!q) return [...SORTED_CDL]
  return SORTED_CDL.filter((c) => c.name.toLowerCase().includes(q) || KIND_LABELS[c.kind].toLowerCase().includes(q))
}

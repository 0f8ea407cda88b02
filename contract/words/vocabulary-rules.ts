/**
 * Crops, land uses, rotations and owner kinds, alone or as lists ("corn or soybeans"), negated
 * ("not corn", "no LLCs", "excluding trusts", "non-LLC"), as filter rows on the catalog field.
 */
import { CDL_BY_NAME } from '../crops'
import { addFilter, anyWords, type Context, flag, signAt, wordAt } from './context'
import { matchPhrase, type PhraseTable } from './phrases'
import { CROPS, LAND_USES, OWNER_KINDS, ROTATION_WORDS } from './vocabulary'

const NEGATION = [
  'not',
  'no',
  'non',
  'without',
  'excluding',
  'exclude',
  'except',
  'except for',
  'other than',
  'but not',
  'not owned by',
  'not owned by an',
  'not owned by a',
  'not in',
]
const LIST_JOIN = ['or', 'and', 'and/or', 'nor']
/** Words after a crop or land use that only restate "parcels". */
const NOUNS = [
  'fields',
  'field',
  'farms',
  'farm',
  'ground',
  'land',
  'acreage',
  'parcels',
  'ground',
  'lots',
  'lot',
  'tracts',
  'properties',
  'property',
  'operations',
  'country',
  'orchards',
  'orchard',
  'groves',
  'grove',
]

function negationAt(ctx: Context, i: number): number {
  const n = anyWords(ctx, i, NEGATION)
  return n && signAt(ctx, i + n) === '-' ? n + 1 : n
}

/** `[not] A [, or and] B …` over one table: values, tokens used, whether negated; null when no A. */
function listAt<T>(
  ctx: Context,
  at: number,
  table: PhraseTable<readonly T[] | T>,
): { values: T[]; end: number; negated: boolean } | null {
  const neg = negationAt(ctx, at)
  const first = matchPhrase(ctx.tokens, at + neg, table)
  if (!first) return null
  const values: T[] = ([] as T[]).concat(first.value as T)
  let end = at + neg + first.length
  for (;;) {
    let k = end
    if (signAt(ctx, k) === ',' || signAt(ctx, k) === '/') k++
    const join = anyWords(ctx, k, LIST_JOIN)
    k += join
    if (k === end) break
    const next = matchPhrase(ctx.tokens, k, table)
    if (!next) break
    values.push(...([] as T[]).concat(next.value as T))
    end = k + next.length
  }
  return { values: [...new Set(values)], end, negated: neg > 0 }
}

function emitList(ctx: Context, field: string, at: number, list: { values: string[]; end: number; negated: boolean }) {
  const one = list.values.length === 1
  const op = list.negated ? (one ? 'ne' : 'nin') : one ? 'eq' : 'in'
  addFilter(ctx, field, op, one ? list.values[0]! : list.values, at, list.end)
}

const nounsAfter = (ctx: Context, i: number): number => anyWords(ctx, i, NOUNS)

export function rotationRule(ctx: Context, at: number): number {
  const rot = matchPhrase(ctx.tokens, at, ROTATION_WORDS)
  if (rot) {
    const end = at + rot.length + anyWords(ctx, at + rot.length, ['rotation', 'rotations', 'rotated'])
    addFilter(ctx, 'rotation', 'eq', rot.value, at, end)
    return end - at
  }
  // "soybeans after corn": this year's crop in a corn–soybean rotation.
  const now = matchPhrase(ctx.tokens, at, CROPS)
  if (!now || !anyWords(ctx, at + now.length, ['after', 'following'])) return 0
  const before = matchPhrase(ctx.tokens, at + now.length + 1, CROPS)
  if (!before) return 0
  const end = at + now.length + 1 + before.length
  const pair = [now.value.join(), before.value.join()].sort().join('+')
  if (pair !== 'Corn+Soybeans') {
    flag(ctx, at, end, 'only rotation patterns can be searched (corn–soybean, continuous corn, small grain/fallow…)')
    return end - at
  }
  addFilter(ctx, 'rotation', 'eq', 'corn-soybean', at, end)
  addFilter(ctx, 'cdl_majority_category', 'eq', now.value[0]!, at, at + now.length)
  return end - at
}

export function cropRule(ctx: Context, at: number): number {
  const list = listAt(ctx, at, CROPS)
  if (!list) return 0
  if (!list.values.every((v) => CDL_BY_NAME.has(v))) return 0
  emitList(ctx, 'cdl_majority_category', at, list)
  return list.end + nounsAfter(ctx, list.end) - at
}

export function landUseRule(ctx: Context, at: number): number {
  const list = listAt(ctx, at, LAND_USES)
  if (!list) return 0
  emitList(ctx, 'land_use_class', at, list)
  return list.end + nounsAfter(ctx, list.end) - at
}

const OWNED = ['owned', 'owner', 'owners', 'held', 'ownership']
const OWNED_BY = [
  'owned by',
  'held by',
  'owned by a',
  'owned by an',
  'held by a',
  'held by an',
  'in a',
  'held in a',
  'held in',
  'owner is a',
  'owner is an',
  'owned by the',
]

export function ownerKindRule(ctx: Context, at: number): number {
  const neg = negationAt(ctx, at)
  const by = anyWords(ctx, at + neg, OWNED_BY)
  const list = listAt(ctx, at + neg + by, OWNER_KINDS)
  if (!list) return 0
  let end = list.end
  if (signAt(ctx, end) === '-' && anyWords(ctx, end + 1, OWNED)) end += 2
  else end += anyWords(ctx, end, OWNED)
  // "held in" / "in a" only before "trust" — "in a county" is not ownership.
  if (by && ['in', 'held'].includes(wordAt(ctx, at + neg)!) && !list.values.includes('TRUST')) return 0
  emitList(ctx, 'owner_type', at, { ...list, end, negated: neg > 0 || list.negated })
  return end - at
}

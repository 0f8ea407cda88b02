/**
 * How the results are looked at or where: an area the words name ("within 2 miles of here", "in
 * the map view", "in the area I drew"), a sort ("largest first", "sorted by sale price"), a map
 * theme ("colour by crop").
 */
import { anyWords, type Context, flag, spanOf, wordAt } from './context'
import { FIELD_WORDS } from './field-words'
import { matchPhrase, type PhraseTable, phraseTable } from './phrases'
import { THEMES } from './vocabulary'

const MILES_PER_KM = 1 / 1.609344
const DISTANCE_UNITS: readonly (readonly [string, number])[] = [
  ['miles', 1],
  ['mile', 1],
  ['mi', 1],
  ['kilometers', MILES_PER_KM],
  ['kilometres', MILES_PER_KM],
  ['km', MILES_PER_KM],
]
const HERE = [
  'here',
  'me',
  'my location',
  'my position',
  'where i am',
  'my current location',
  'where i stand',
  'this spot',
]
const VIEW = [
  'map view',
  'the map view',
  'the view',
  'this view',
  'the current view',
  'current view',
  'the map',
  'this map',
  'the visible map',
  'view',
  'the screen',
  'screen',
  'the visible area',
  'this part of the map',
]
const DRAWN = [
  'the area i drew',
  'the drawn area',
  'my drawn area',
  'the shape i drew',
  'my drawing',
  'the polygon',
  'my polygon',
  'the drawing',
  'my area',
  'this polygon',
  'the selected area',
]

export function areaRule(ctx: Context, at: number): number {
  const within = anyWords(ctx, at, ['within', 'less than', 'under', 'inside'])
  const n = ctx.tokens[at + within]
  if (within && n?.kind === 'number') {
    const unit = DISTANCE_UNITS.find(([w]) => wordAt(ctx, at + within + 1) === w)
    if (unit) {
      let end = at + within + 2
      const of = anyWords(ctx, end, ['of', 'from', 'around'])
      const here = of ? anyWords(ctx, end + of, HERE) : 0
      if (here) {
        end += of + here
        ctx.area = { kind: 'around-me', miles: Number((n.value * unit[1]).toFixed(3)), span: spanOf(ctx, at, end) }
        return end - at
      }
      flag(ctx, at, end + of, 'a distance needs a centre the map knows: say "of here", or draw the area')
      return end + of - at
    }
  }
  const near = anyWords(ctx, at, [
    'near me',
    'nearby',
    'near here',
    'around me',
    'around here',
    'close to me',
    'close by',
    'close to here',
  ])
  if (near) {
    flag(ctx, at, at + near, 'how far? say "within 2 miles of here"')
    return near
  }
  const into = anyWords(ctx, at, ['in', 'on', 'inside', 'within', 'visible on', 'visible in', 'shown on', 'shown in'])
  if (!into && !anyWords(ctx, at, ['on screen', 'visible'])) return 0
  const view = into ? anyWords(ctx, at + into, VIEW) : 0
  if (view || anyWords(ctx, at, ['on screen'])) {
    const end = at + (view ? into + view : 2)
    ctx.area = { kind: 'view', span: spanOf(ctx, at, end) }
    return end - at
  }
  const drawn = into ? anyWords(ctx, at + into, DRAWN) : 0
  if (drawn) {
    ctx.area = { kind: 'drawn', span: spanOf(ctx, at, at + into + drawn) }
    return into + drawn
  }
  return 0
}

const ORDER_FIELDS: PhraseTable<string> = phraseTable<string>(
  [
    ['crop', 'cdl_majority_category'],
    ['owner', 'owner'],
    ['owner name', 'owner'],
    ['county', 'county'],
    ['city', 'city'],
    ['zip', 'postal'],
    ['sale date', 'sale_date'],
    ['date sold', 'sale_date'],
    ['date of sale', 'sale_date'],
    ['most recent sale', 'sale_date'],
  ],
  false,
)
const ASC = ['asc', 'ascending', 'low to high', 'lowest first', 'smallest first', 'oldest first', 'increasing']
const DESC = [
  'desc',
  'descending',
  'high to low',
  'highest first',
  'largest first',
  'biggest first',
  'newest first',
  'most recent first',
  'decreasing',
]

function setOrder(ctx: Context, field: string, direction: 'asc' | 'desc', from: number, to: number): number {
  if (ctx.order) flag(ctx, from, to, 'one sort at a time')
  else ctx.order = { field, direction, span: spanOf(ctx, from, to) }
  return to - from
}

export function orderRule(ctx: Context, at: number): number {
  const by = anyWords(ctx, at, ['sorted by', 'sort by', 'ordered by', 'order by', 'ranked by', 'rank by', 'sorting by'])
  if (by) {
    const f = matchPhrase(ctx.tokens, at + by, ORDER_FIELDS) ?? matchPhrase(ctx.tokens, at + by, FIELD_WORDS)
    if (!f) return 0
    let end = at + by + f.length
    const asc = anyWords(ctx, end, ASC)
    const desc = asc ? 0 : anyWords(ctx, end, DESC)
    end += asc + desc
    return setOrder(ctx, f.value, desc ? 'desc' : 'asc', at, end)
  }
  const big = anyWords(ctx, at, ['largest first', 'biggest first', 'largest', 'biggest'])
  if (big) return setOrder(ctx, 'acres', 'desc', at, at + big)
  const small = anyWords(ctx, at, ['smallest first', 'smallest'])
  if (small) return setOrder(ctx, 'acres', 'asc', at, at + small)
  const recent = anyWords(ctx, at, [
    'newest sales first',
    'most recent sales first',
    'latest sales first',
    'most recently sold first',
    'newest sale first',
    'latest sale first',
  ])
  if (recent) return setOrder(ctx, 'sale_date', 'desc', at, at + recent)
  const ends = anyWords(ctx, at, ['highest', 'lowest', 'most', 'least'])
  if (ends) {
    const f = matchPhrase(ctx.tokens, at + ends, FIELD_WORDS)
    if (!f || wordAt(ctx, at + ends + f.length) !== 'first') return 0
    const dir = ['highest', 'most'].includes(wordAt(ctx, at)!) ? 'desc' : 'asc'
    return setOrder(ctx, f.value, dir, at, at + ends + f.length + 1)
  }
  const cheap = anyWords(ctx, at, ['cheapest first', 'most expensive first', 'cheapest', 'most expensive'])
  if (cheap) {
    flag(ctx, at, at + cheap, 'which price? say "sorted by sale price" or "lowest assessed value first"')
    return cheap
  }
  return 0
}

export function themeRule(ctx: Context, at: number): number {
  const by = anyWords(ctx, at, [
    'colour by',
    'color by',
    'coloured by',
    'colored by',
    'shade by',
    'shaded by',
    'theme by',
    'themed by',
    'map colored by',
    'map coloured by',
    'colour the map by',
    'color the map by',
    'colour code by',
    'color code by',
    'color coded by',
    'colour coded by',
  ])
  if (!by) return 0
  const t = matchPhrase(ctx.tokens, at + by, THEMES)
  if (!t) return 0
  const end = at + by + t.length
  if (ctx.theme) flag(ctx, at, end, 'one map colouring at a time')
  else ctx.theme = { id: t.value, span: spanOf(ctx, at, end) }
  return end - at
}

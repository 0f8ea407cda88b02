/**
 * The comparable-sales section of a shared link (`cs`, docs/url-format.md "Comparable sales"):
 * subject, choices, valuation date, pins and drops, so a link reopens the same comps and median.
 * Versioned on its own (its first field), compact (a default choice is one empty field) and
 * garble-tolerant: each field is read on its own; what cannot be read falls back to its default
 * with a message, and only an unreadable subject drops the section — never the rest of the link.
 *
 *   cs=1~<subject>~<choices>~<asOf>~<pins>~<drops>
 *   subject  p<svc_uuid>                                  a parcel
 *            s<area>,<lon>,<lat>,<acres>,<csr2>,<use>,<crop>,<label>
 *                                                        a site: the link's area n (1-based; 0 none),
 *                                                        its facts; texts UTF-8 base64url, empty = unknown
 *   choices  <radius mi>,<years>,<acres ±%>,<price ±% | x>,<six weights 1–5>[,<k 1–20>]
 *                                                        empty = the defaults; k absent = 6
 *   asOf     YYYYMMDD                                      empty = the latest sale in the radius
 *            (issue 38; it read "today" before, but every link then wrote its date, so none changes)
 *   pins, drops  svc_uuids joined by `.`
 */

import { fromBase64Url, toBase64Url } from '../../../contract/link-areas'
import {
  COMPS_CRITERIA,
  type CompsChoices,
  type CompsOverride,
  type CompsSite,
  type CompsState,
  type CompsSubjectRef,
} from '../../state/comps-slice'
import type { DrawnArea } from '../../state/search-spec'

const COMPS_FORMAT = 1
/** The closest comps the value rests on when the link does not say (comps-value.ts's default). */
const DEFAULT_COMPS_K = 6
const PARCEL_ID = /^[A-Za-z0-9_-]{1,64}$/
/** Pins and drops kept from one link (each list); a person pins a handful. */
const MAX_OVERRIDES = 200

/** Comps as a link carries them: the valuation date may be missing (then it is the latest sale). */
export type SharedComps = CompsState

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits

export function encodeComps(c: SharedComps, areas: readonly DrawnArea[]): string {
  const fields = [String(COMPS_FORMAT), encodeSubject(c.subject, areas), c.choices ? encodeChoices(c.choices) : '']
  fields.push(c.asOf ? c.asOf.replace(/-/g, '') : '')
  const ids = (o: CompsOverride) =>
    Object.entries(c.overrides)
      .filter(([id, v]) => v === o && PARCEL_ID.test(id))
      .map(([id]) => id)
      .sort()
      .slice(0, MAX_OVERRIDES)
      .join('.')
  fields.push(ids('pin'), ids('drop'))
  return fields.join('~').replace(/~+$/, '')
}

function encodeSubject(s: CompsSubjectRef, areas: readonly DrawnArea[]): string {
  if (s.kind === 'parcel') return `p${s.id}`
  const area = s.areaId ? areas.findIndex((a) => a.id === s.areaId) + 1 : 0
  const text = (t: string | null) => (t ? toBase64Url(t) : '')
  return `s${[
    area,
    round(s.point[0], 5),
    round(s.point[1], 5),
    round(s.acres, 2),
    s.csr2 ?? '',
    text(s.landUse),
    text(s.crop),
    text(s.label),
  ].join(',')}`
}

function encodeChoices(c: CompsChoices): string {
  return [
    round(c.radiusMiles, 2),
    c.years,
    Math.round(c.acresBand * 100),
    c.priceBand === null ? 'x' : Math.round(c.priceBand * 100),
    COMPS_CRITERIA.map((k) => c.weights[k]).join(''),
    // k only when not the default: links made before it existed read the same.
    ...(c.k !== undefined && c.k !== DEFAULT_COMPS_K ? [c.k] : []),
  ].join(',')
}

// --- reading --------------------------------------------------------------------------------------

const NUMBER = /^-?\d{1,9}(\.\d{1,9})?$/
const numberIn = (t: string | undefined, lo: number, hi: number): number | null => {
  if (t === undefined || !NUMBER.test(t)) return null
  const n = Number(t)
  return n >= lo && n <= hi ? n : null
}

/** Never throws: the comps, or null with the reason, and messages for the parts left at defaults. */
export function decodeComps(
  text: string,
  areas: readonly DrawnArea[],
): { comps: SharedComps | null; problems: string[] } {
  const problems: string[] = []
  const [version = '', subjectText = '', choicesText = '', asOfText = '', pinsText = '', dropsText = ''] =
    text.split('~')
  const lost = (why: string) => ({
    comps: null,
    problems: [`The comparable sales in this link could not be restored (${why}); the rest of the link was.`],
  })
  if (!/^\d{1,4}$/.test(version)) return lost('its format could not be read')
  if (Number(version) > COMPS_FORMAT)
    problems.push('The comparable sales in this link were made by a newer version of Plat; some choices may differ.')
  const read = decodeSubject(subjectText, areas)
  if (typeof read === 'string') return lost(read)
  if (read.note) problems.push(read.note)

  let choices: CompsChoices | null = null
  if (choicesText !== '') {
    choices = decodeChoices(choicesText)
    if (!choices) problems.push('The comparable-sales settings in this link could not be read; the defaults are used.')
  }
  let asOf: string | null = null
  if (asOfText !== '') {
    asOf = decodeDate(asOfText)
    if (!asOf)
      problems.push('The comparable sales’ valuation date could not be read; the latest sale in the radius is used.')
  }
  const entries: [string, CompsOverride][] = []
  let badIds = 0
  for (const [list, o] of [
    [pinsText, 'pin'],
    [dropsText, 'drop'],
  ] as const) {
    if (list === '') continue
    for (const id of list.split('.').slice(0, MAX_OVERRIDES)) {
      if (PARCEL_ID.test(id) && !entries.some(([seen]) => seen === id)) entries.push([id, o])
      else badIds++
    }
  }
  if (badIds)
    problems.push(`${badIds} pinned or dropped comp(s) in this link could not be read and are ranked by the rules.`)
  // fromEntries makes own data properties: an id such as "__proto__" stays an ordinary key.
  const overrides = Object.fromEntries(entries)
  return { comps: { subject: read.subject, choices, asOf, overrides }, problems }
}

function decodeSubject(t: string, areas: readonly DrawnArea[]): { subject: CompsSubjectRef; note?: string } | string {
  if (t.startsWith('p'))
    return PARCEL_ID.test(t.slice(1)) ? { subject: { kind: 'parcel', id: t.slice(1) } } : 'its parcel id is not one'
  if (!t.startsWith('s')) return 'its subject could not be read'
  const [area, lon, lat, acres, csr2, use, crop, label] = t.slice(1).split(',')
  const x = numberIn(lon, -180, 180)
  const y = numberIn(lat, -90, 90)
  const size = numberIn(acres, 0.0001, 1e8)
  if (x === null || y === null || size === null) return 'its site’s location or acres could not be read'
  const n = numberIn(area, 0, 100)
  const soil = csr2 === '' || csr2 === undefined ? null : numberIn(csr2, 0, 100)
  const text = (x: string | undefined) => (x ? (fromBase64Url(x) ?? null) : null)
  const site: CompsSite = {
    kind: 'site',
    // Areas are named by their position in the link (area-codec.ts); one that did not decode is gone.
    areaId:
      n !== null && n >= 1 && Number.isInteger(n) ? (areas.find((a) => a.id === `shared-${n}`)?.id ?? null) : null,
    label: text(label) ?? 'Shared site',
    point: [x, y],
    acres: size,
    landUse: text(use),
    crop: text(crop),
    csr2: soil,
    geometry: null,
  }
  const unread = [
    csr2 && soil === null ? 'CSR2' : null,
    use && site.landUse === null ? 'land use' : null,
    crop && site.crop === null ? 'land cover' : null,
    label && text(label) === null ? 'name' : null,
  ].filter(Boolean)
  const note = unread.length
    ? `The comparable-sales site’s ${unread.join(', ')} could not be read and count as unknown.`
    : undefined
  return note ? { subject: site, note } : { subject: site }
}

function decodeChoices(t: string): CompsChoices | null {
  const [radius, years, band, price, weights = '', kText] = t.split(',')
  const radiusMiles = numberIn(radius, 0.01, 30)
  const y = numberIn(years, 1, 20)
  const acres = numberIn(band, 1, 95)
  const priceBand = price === 'x' ? null : numberIn(price, 1, 500)
  if (radiusMiles === null || y === null || !Number.isInteger(y) || acres === null) return null
  if (price !== 'x' && priceBand === null) return null
  if (!/^[1-5]{6}$/.test(weights)) return null
  const k = kText === undefined ? undefined : numberIn(kText, 1, 20)
  if (k === null || (k !== undefined && !Number.isInteger(k))) return null
  return {
    radiusMiles,
    years: y,
    acresBand: acres / 100,
    priceBand: priceBand === null ? null : priceBand / 100,
    weights: Object.fromEntries(COMPS_CRITERIA.map((key, i) => [key, Number(weights[i])])) as CompsChoices['weights'],
    ...(k === undefined ? {} : { k }),
  }
}

function decodeDate(t: string): string | null {
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(t)
  if (!m) return null
  const iso = `${m[1]}-${m[2]}-${m[3]}`
  const d = new Date(`${iso}T00:00:00Z`)
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === iso && Number(m[1]) >= 1900 ? iso : null
}

/**
 * The holding report (issue 22, from the holdings of issue 21): everything an owner holds. The
 * owner and the spellings the user included (and how many were offered and left out), a map of
 * the holdings' merged outlines each labelled — one over all of them and, when they lie in more
 * than one state, one per state, since a farm in Iowa and one in Kansas are specks on one map —
 * the totals with how the acres were counted, totals by state and county, the holdings and every
 * parcel over as many pages as it takes, the data's source and the link that reopens the parcels.
 * Pure: built from a plain summary the app gathers (report-intents.ts).
 */
import { ACRE_WORDS, type AcreTotals, acreTotalText, addAcreTotals } from '../../format/acreage'
import { formatAcres, formatUsd } from '../../format/format-value'
import { REPORT_MAP } from '../../format/report-colors'
import { provenance } from './parcel-report'
import type { Block, ReportDocument, TableBlock } from './report-model'

export interface HoldingReportName {
  name: string
  kind: 'owner' | 'variant' | 'address' | 'possible' | 'other'
  /** How it differs from the name asked for ("word order", "same mailing address"…). */
  reasons: readonly string[]
  parcels: number
}

export interface HoldingReportHolding {
  /** "H1": the label on the map and in the tables. */
  id: string
  parcelCount: number
  /** Measured acres (Σ acres_calc, each footprint once), rounded as the holdings panel lists them. */
  acres: number
  /** Both acreages unrounded, the totals add these (the holdings panel's figures). */
  acreTotals: AcreTotals
  /** Geodesic area of the merged outline. */
  outlineAcres: number
  /** "Story, IA" … */
  counties: readonly string[]
  assessedValue: number
  valuedParcels: number
  landUse: string | null
  /** The crop covering most of it, with its share ("Corn 64 %"). */
  crop: string | null
}

export interface HoldingReportParcel {
  /** The holding's id, or null for a parcel without an outline (listed, in no holding). */
  holding: string | null
  parcelId: string | null
  owner: string
  county: string
  state: string
  /** Measured acres (acres_calc); null when the parcel has none. */
  acres: number | null
  value: number | null
  landUse: string | null
  /** Parcels with one key share one footprint (stacked units, repeated records): its acres count once. */
  footprint: string
}

export interface HoldingReportInput {
  /** The name the portfolio was asked for. */
  owner: string
  /** The spellings included, the name itself first. */
  names: readonly HoldingReportName[]
  /** Spellings and shared-address owners offered and left out (counted, not listed in detail). */
  leftOut: readonly HoldingReportName[]
  /** Largest first, as the holdings pane lists them. */
  holdings: readonly HoldingReportHolding[]
  parcels: readonly HoldingReportParcel[]
  link: string
  printed: string
  server: string
  county: { name: string; loadedAt: string } | null
}

export const HOLDING_MAP_ID = 'holdings'

const MAX_PAIRED_COUNTIES = 24

/** The maps the report shows: all holdings, then one per state when there is more than one. */
export function holdingMaps(
  holdings: readonly Pick<HoldingReportHolding, 'id' | 'counties'>[],
): { id: string; title: string; holdings: string[] }[] {
  const byState = new Map<string, string[]>()
  for (const h of holdings)
    for (const s of new Set(h.counties.map(stateOf))) byState.set(s, [...(byState.get(s) ?? []), h.id])
  const all = { id: HOLDING_MAP_ID, title: 'All holdings', holdings: holdings.map((h) => h.id) }
  if (byState.size < 2) return [all]
  const states = [...byState].sort((a, b) => (a[0] < b[0] ? -1 : 1))
  return [
    all,
    ...states.map(([s, ids]) => ({ id: `${HOLDING_MAP_ID}-${s}`, title: `Holdings in ${s}`, holdings: ids })),
  ]
}

const stateOf = (county: string) => county.slice(county.lastIndexOf(',') + 1).trim() || '?'
const count = (n: number) => n.toLocaleString('en-US')
const plural = (n: number, one: string, many = `${one}s`) => `${count(n)} ${n === 1 ? one : many}`
const round2 = (n: number) => Math.round(n * 100) / 100

const KIND_WORDS: Record<HoldingReportName['kind'], string> = {
  owner: 'the name asked for',
  variant: 'another spelling',
  address: 'same mailing address',
  possible: 'possibly related (name only)',
  other: 'contains the name',
}

/** Totals of parcels (acres once per footprint) grouped by a key, in key order. */
function totalsBy(
  parcels: readonly HoldingReportParcel[],
  key: (p: HoldingReportParcel) => string,
): { key: string; parcels: number; acres: number; value: number; valued: number }[] {
  const out = new Map<string, { key: string; parcels: number; acres: number; value: number; valued: number }>()
  const seen = new Set<string>()
  for (const p of parcels) {
    const k = key(p)
    const t = out.get(k) ?? { key: k, parcels: 0, acres: 0, value: 0, valued: 0 }
    out.set(k, t)
    t.parcels++
    if (!seen.has(p.footprint)) {
      seen.add(p.footprint)
      t.acres += p.acres ?? 0
    }
    if (p.value !== null) {
      t.value += p.value
      t.valued++
    }
  }
  return [...out.values()].map((t) => ({ ...t, acres: round2(t.acres) })).sort((a, b) => (a.key < b.key ? -1 : 1))
}

function namesInWords(input: HoldingReportInput): string {
  const names = input.names.map(
    (n) =>
      `${n.name} (${[n.kind === 'owner' ? KIND_WORDS.owner : n.reasons.join(', ') || KIND_WORDS[n.kind], plural(n.parcels, 'parcel')].join('; ')})`,
  )
  const left = input.leftOut.length
    ? ` ${plural(input.leftOut.length, 'other name')} offered (${plural(
        input.leftOut.reduce((s, n) => s + n.parcels, 0),
        'parcel',
      )}) ${input.leftOut.length === 1 ? 'was' : 'were'} left out.`
    : ''
  return `Names included: ${names.join('; ')}.${left}`
}

const valueText = (value: number, valued: number, of: number) =>
  valued === 0 ? '–' : `${formatUsd(value)}${valued < of ? ` (${count(valued)} of ${count(of)} valued)` : ''}`

export function holdingReport(input: HoldingReportInput): ReportDocument {
  const hs = input.holdings
  const inHoldings = input.parcels.filter((p) => p.holding !== null)
  const loose = input.parcels.length - inHoldings.length
  const parcels = hs.reduce((s, h) => s + h.parcelCount, 0)
  const totals = addAcreTotals(hs.map((h) => h.acreTotals))
  const acres = round2(totals.measured.acres)
  const outline = round2(hs.reduce((s, h) => s + h.outlineAcres, 0))
  const value = hs.reduce((s, h) => s + h.assessedValue, 0)
  const valued = hs.reduce((s, h) => s + h.valuedParcels, 0)
  const byCounty = totalsBy(inHoldings, (p) => `${p.county}, ${p.state}`)
  const byState = totalsBy(inHoldings, (p) => p.state)
  const maps = holdingMaps(hs)
  const legend = [
    {
      label: 'Holding (merged outline, dot and label H1, H2… as in the tables)',
      color: REPORT_MAP.subject,
      pattern: 'hatch' as const,
    },
  ]
  const blocks: Block[] = []
  const [overview, ...perState] = maps
  if (overview)
    blocks.push({
      kind: 'map',
      id: overview.id,
      height: perState.length ? 210 : 280,
      legend: [...legend, { label: 'Parcels', color: REPORT_MAP.neighbour, pattern: 'outline' }],
      caption: `${plural(hs.length, 'holding')}${perState.length ? ` in ${perState.length} states, each state mapped closer after the holdings table` : ''}. Basemap: rendering…`,
    })
  blocks.push(
    { kind: 'paragraph', text: namesInWords(input), size: 8 },
    {
      kind: 'facts',
      columns: 3,
      rows: [
        { label: 'Holdings', value: count(hs.length) },
        { label: 'Parcels', value: count(parcels) },
        { label: ACRE_WORDS.measured.label, value: acreTotalText(totals.measured, formatAcres) },
        { label: ACRE_WORDS.recorded.label, value: acreTotalText(totals.recorded, formatAcres) },
        { label: 'Outline acres', value: formatAcres(outline) },
        { label: 'Assessed value', value: valueText(value, valued, parcels) },
        {
          label: 'Value per measured acre',
          value: valued === parcels && acres > 0 ? formatUsd(value / acres) : '–',
        },
        { label: 'States', value: byState.map((s) => s.key).join(', ') || '–' },
        { label: 'Counties', value: count(byCounty.length) },
      ],
    },
    {
      kind: 'paragraph',
      tone: 'muted',
      size: 7.5,
      text: `How acres are counted: "Measured acres" add each parcel's acres ${ACRE_WORDS.measured.source}, "Recorded acres" ${ACRE_WORDS.recorded.source}; both once per footprint, so stacked units and repeated records count once, and a parcel without a figure counts in neither (never as the other kind). These are the holdings panel's and the results summary's totals. "Outline acres" measure the merged outlines themselves (geodesic area of the union).${
        loose > 0
          ? ` ${plural(loose, 'parcel')} without an outline ${loose === 1 ? 'is' : 'are'} listed below but in no holding and not in the totals.`
          : ''
      }`,
    },
  )
  const counties = totalsTable('By county', 'County', byCounty, acres)
  if (byState.length < 2) blocks.push(counties)
  // Side by side while the counties fit a page (a pair is never split), else one after the other.
  else if (byCounty.length <= MAX_PAIRED_COUNTIES)
    blocks.push({
      kind: 'pair',
      left: [totalsTable('By state', 'State', byState, acres)],
      right: [counties],
      split: 0.42,
    })
  else blocks.push(totalsTable('By state', 'State', byState, acres), counties)
  // The holdings table next: it fills page 1 under the totals, where a state's map would not fit.
  blocks.push(holdingsTable(hs))
  for (const m of perState)
    blocks.push({
      kind: 'map',
      id: m.id,
      height: 250,
      legend,
      caption: `${m.title}: ${m.holdings.join(', ')}. Basemap: rendering…`,
    })
  blocks.push(parcelsTable(input.parcels, hs))
  blocks.push({ kind: 'link', url: input.link, text: 'Scan or type this link to open these parcels in Plat:' })
  return {
    kind: 'holding',
    title: 'Holding report',
    heading: input.owner,
    subheading: `${plural(hs.length, 'holding')} · ${plural(parcels, 'parcel')} · ${formatAcres(acres)} measured ac${
      byState.length ? ` · ${byState.map((s) => s.key).join(', ')}` : ''
    }`,
    printed: input.printed,
    source: provenance(input.county, input.server),
    blocks,
    fileName: `holdings-${
      input.owner
        .replace(/[^\w.-]+/g, '-')
        .replace(/^-+|-+$/g, '')
        .slice(0, 60) || 'owner'
    }`,
  }
}

/** `acres`: the report's total (Σ of the holdings' rounded acres, as the holdings panel adds them). */
function totalsTable(title: string, label: string, rows: ReturnType<typeof totalsBy>, acres: number): TableBlock {
  const sum = rows.reduce(
    (s, r) => ({ parcels: s.parcels + r.parcels, value: s.value + r.value, valued: s.valued + r.valued }),
    { parcels: 0, value: 0, valued: 0 },
  )
  return {
    kind: 'table',
    title,
    size: 7.5,
    columns: [
      { label, align: 'left', weight: 3 },
      { label: 'Parcels', align: 'right', weight: 1 },
      { label: 'Measured ac', align: 'right', weight: 1.4 },
      { label: 'Assessed value', align: 'right', weight: 2.6 },
    ],
    rows: [
      ...rows.map((r) => [r.key, count(r.parcels), formatAcres(r.acres), valueText(r.value, r.valued, r.parcels)]),
      ...(rows.length > 1
        ? [['Total', count(sum.parcels), formatAcres(acres), valueText(sum.value, sum.valued, sum.parcels)]]
        : []),
    ],
  }
}

function holdingsTable(hs: readonly HoldingReportHolding[]): TableBlock {
  return {
    kind: 'table',
    title: `Holdings (${count(hs.length)})`,
    size: 7,
    columns: [
      { label: 'Holding', align: 'left', weight: 44 },
      { label: 'Parcels', align: 'right', weight: 42 },
      { label: 'Measured ac', align: 'right', weight: 58 },
      { label: 'Outline acres', align: 'right', weight: 58 },
      { label: 'Assessed value', align: 'right', weight: 110 },
      { label: 'Counties', align: 'left', weight: 110 },
      { label: 'Land use', align: 'left', weight: 120 },
      { label: 'Main crop', align: 'left', weight: 90 },
    ],
    rows: hs.map((h) => [
      h.id,
      count(h.parcelCount),
      formatAcres(h.acres),
      formatAcres(h.outlineAcres),
      valueText(h.assessedValue, h.valuedParcels, h.parcelCount),
      h.counties.join('; '),
      h.landUse ?? '–',
      h.crop ?? '–',
    ]),
  }
}

function parcelsTable(parcels: readonly HoldingReportParcel[], hs: readonly HoldingReportHolding[]): TableBlock {
  const order = new Map(hs.map((h, i) => [h.id, i]))
  const rank = (p: HoldingReportParcel) => (p.holding === null ? hs.length : (order.get(p.holding) ?? hs.length))
  const sorted = [...parcels].sort(
    (a, b) =>
      rank(a) - rank(b) ||
      ((a.parcelId ?? '') < (b.parcelId ?? '') ? -1 : (a.parcelId ?? '') > (b.parcelId ?? '') ? 1 : 0),
  )
  const seen = new Set<string>()
  let shared = 0
  const rows = sorted.map((p) => {
    const first = !seen.has(p.footprint)
    seen.add(p.footprint)
    if (!first) shared++
    const a = p.acres === null ? '–' : formatAcres(p.acres)
    return [
      p.holding ?? '–',
      p.parcelId ?? '–',
      p.owner || '–',
      `${p.county}, ${p.state}`,
      first || p.acres === null ? a : `(${a})`,
      p.value === null ? '–' : formatUsd(p.value),
      p.landUse ?? '–',
    ]
  })
  return {
    kind: 'table',
    title: `Parcels (${count(parcels.length)})`,
    size: 7,
    columns: [
      { label: 'Holding', align: 'left', weight: 44 },
      { label: 'APN (parcel ID)', align: 'left', weight: 100 },
      { label: 'Owner', align: 'left', weight: 150 },
      { label: 'County', align: 'left', weight: 80 },
      { label: 'Measured ac', align: 'right', weight: 56 },
      { label: 'Assessed value', align: 'right', weight: 72 },
      { label: 'Land use', align: 'left', weight: 130 },
    ],
    rows,
    ...(shared > 0
      ? { note: `Acres in brackets (${plural(shared, 'parcel')}) share a footprint already counted above.` }
      : {}),
  }
}

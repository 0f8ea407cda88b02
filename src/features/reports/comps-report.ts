/**
 * The comparable-sales report: the subject and its comps on a map, the indicated value with what it
 * rests on (how many sales, which years, the trend and soil adjustments, the words that it is not an
 * appraisal), and the ranked comps table with why each left-out sale is out.
 */
import type { ParcelRecord } from '../../../contract/schemas'
import { formatAcres, formatUsd } from '../../format/format-value'
import { REPORT_MAP } from '../../format/report-colors'
import { provenance } from './parcel-report'
import type { Block, ReportDocument } from './report-model'

export interface CompsReportRow {
  rank: number
  parcelId: string | null
  saleDate: string
  salePrice: number
  acres: number
  perAcre: number
  /** Null for a sale never adjusted (not an open-market one); shown only for included comps. */
  adjusted: number | null
  miles: number
  csr2: number | null
  /** Shown only for included comps: a left-out sale counts for nothing. */
  grade: string | null
  included: boolean
  excludedBecause: string | null
}

export interface CompsReportInput {
  subject: ParcelRecord
  comps: readonly CompsReportRow[]
  indicated: {
    value: number
    perAcre: number
    low: number
    high: number
    perAcreLow: number
    perAcreHigh: number
    n: number
    /** The value from the k closest comps (weighted median), with the years it rests on … */
    k?: number
    firstYear?: number
    lastYear?: number
    /** … and the market median of every included comp beside it. */
    market?: {
      value: number
      perAcre: number
      perAcreLow: number
      perAcreHigh: number
      n: number
      firstYear: number
      lastYear: number
    }
  } | null
  /** How good the method is here: the back-test's figures in words (null: not run). */
  backtest?: string | null
  /** The search and the adjustments, in words (the value module's own notes). */
  basis: {
    /** The search's radius and acres band, when the comps panel says (null: not known here). */
    radiusMiles: number | null
    acresBand: number | null
    windowStart: string
    windowEnd: string
    trend: string
    soil: string
    outsideRadius: number
    outsideWindow: number
  }
  link: string
  printed: string
  server: string
  county: { name: string; loadedAt: string } | null
}

export const COMPS_MAP_ID = 'comps'

/** The years the value rests on: its own when it says them, else those of the included comps. */
function restsOnYears(v: { firstYear?: number; lastYear?: number }, included: readonly string[]): string {
  if (v.firstYear !== undefined && v.lastYear !== undefined) return `, ${v.firstYear}–${v.lastYear}`
  return included.length ? `, ${included[0]}–${included.at(-1)}` : ''
}

export function compsReport(input: CompsReportInput): ReportDocument {
  const s = input.subject
  const id = String(s.parcel_id ?? s.svc_uuid)
  const acres = Number(s.acres)
  const v = input.indicated
  const b = input.basis
  const included = input.comps.filter((c) => c.included)
  const years = included.map((c) => c.saleDate.slice(0, 4)).sort()
  const blocks: Block[] = [
    {
      kind: 'map',
      id: COMPS_MAP_ID,
      height: 260,
      legend: [
        { label: 'Subject parcel', color: REPORT_MAP.subject, pattern: 'hatch' },
        { label: 'Comparable sale (number = rank)', color: REPORT_MAP.compIncluded, pattern: 'outline' },
        { label: 'Sale left out', color: REPORT_MAP.compExcluded, pattern: 'dashed' },
      ],
      caption: 'Basemap: rendering…',
    },
    {
      kind: 'facts',
      title: 'Indicated value',
      columns: 2,
      rows: v
        ? [
            { label: 'Indicated value', value: formatUsd(v.value) },
            {
              label: v.k === undefined ? 'Median $/acre' : `Weighted median $/acre, ${v.n} closest`,
              value: `${formatUsd(v.perAcre)} × ${formatAcres(acres)} ac`,
            },
            {
              label: v.k === undefined ? 'Range (interquartile)' : 'Range (lowest–highest of those)',
              value: `${formatUsd(v.low)} – ${formatUsd(v.high)}`,
            },
            { label: 'Range $/acre', value: `${formatUsd(v.perAcreLow)} – ${formatUsd(v.perAcreHigh)}` },
            {
              label: 'Rests on',
              value: `${v.n} comparable sale${v.n === 1 ? '' : 's'}${restsOnYears(v, years)}${v.n < 3 ? ' (too few to lean on)' : ''}`,
            },
            ...(v.market
              ? [
                  {
                    label: 'Market beside it',
                    value: `median ${formatUsd(v.market.perAcre)}/ac = ${formatUsd(v.market.value)}, ${v.market.n} included sale${v.market.n === 1 ? '' : 's'}, ${v.market.firstYear}–${v.market.lastYear}`,
                  },
                ]
              : []),
            ...(input.backtest ? [{ label: 'How good here', value: input.backtest }] : []),
            {
              label: 'Search',
              value: [
                b.radiusMiles === null ? null : `within ${b.radiusMiles} mi`,
                `sold ${b.windowStart} to ${b.windowEnd}`,
                b.acresBand === null ? null : `acres ±${Math.round(b.acresBand * 100)} %`,
              ]
                .filter(Boolean)
                .join(', '),
            },
          ]
        : [{ label: 'Indicated value', value: 'none: no comparable sale is included' }],
    },
    {
      kind: 'paragraph',
      text: `Time adjustment: ${b.trend}. Soil adjustment: ${b.soil}. ${b.outsideWindow} older sales and ${b.outsideRadius} beyond the radius were left aside.`,
      size: 7.5,
    },
    { kind: 'paragraph', text: 'An estimate from public sales records, not an appraisal.', tone: 'strong', size: 8 },
    {
      kind: 'table',
      title: `Comparable sales (${input.comps.length})`,
      size: 6.5,
      columns: [
        { label: '#', align: 'right', weight: 22 },
        { label: 'Parcel', align: 'left', weight: 80 },
        { label: 'Sold', align: 'left', weight: 58 },
        { label: 'Price', align: 'right', weight: 64 },
        { label: 'Acres', align: 'right', weight: 42 },
        { label: '$/acre', align: 'right', weight: 52 },
        { label: 'Adjusted $/ac', align: 'right', weight: 62 },
        { label: 'Miles', align: 'right', weight: 34 },
        { label: 'CSR2', align: 'right', weight: 32 },
        { label: 'Grade', align: 'left', weight: 32 },
        { label: 'Used', align: 'left', weight: 120 },
      ],
      rows: input.comps.map((c) => [
        String(c.rank),
        c.parcelId ?? '–',
        c.saleDate,
        formatUsd(c.salePrice),
        formatAcres(c.acres),
        formatUsd(c.perAcre),
        c.included && c.adjusted !== null ? formatUsd(c.adjusted) : '–',
        c.miles.toFixed(1),
        c.csr2 === null ? '–' : String(c.csr2),
        c.included ? (c.grade ?? '–') : '–',
        c.included ? 'yes' : `no: ${c.excludedBecause ?? ''}`,
      ]),
    },
    { kind: 'link', url: input.link, text: 'Scan or type this link to open the subject parcel in Plat:' },
  ]
  return {
    kind: 'comps',
    title: 'Comparable sales report',
    heading: String(s.owner ?? id),
    subheading: `Parcel ${id} · ${formatAcres(acres)} ac${s.land_use ? ` · ${String(s.land_use).toLowerCase()}` : ''}${typeof s.csr2 === 'number' ? ` · CSR2 ${s.csr2}` : ''}`,
    printed: input.printed,
    source: provenance(input.county, input.server),
    blocks,
    fileName: `comps-${id.replace(/[^\w.-]+/g, '-')}`,
  }
}

/**
 * The search report: the map of the areas and results in the chosen theme with its legend, the
 * search in words, totals and crop mix, then every loaded result in the user's chosen columns (the
 * one record-column model) over as many pages as it takes.
 */
import { CDL_BY_NAME } from '../../../contract/crops'
import { historyLetter } from '../../../contract/rotation'
import type { FilterItem, ParcelRecord } from '../../../contract/schemas'
import { ACRE_WORDS, type AcreTotals, acreTotalText } from '../../format/acreage'
import { formatAcres, formatUsd } from '../../format/format-value'
import { cellText, columnLabel, columnWidth, isNumericColumn, visibleExportColumns } from '../../format/record-columns'
import { REPORT_MAP } from '../../format/report-colors'
import { legendRows } from '../../format/theme-tally'
import { cdlColor, OTHER_COLOR, PLAIN_COLOR, type ThemeId, themeById } from '../../format/themes'
import { searchInWords } from './filters-in-words'
import { provenance } from './parcel-report'
import type { Block, LegendEntry, ReportDocument, StripBlock } from './report-model'

export interface SearchReportInput {
  setup: { mode: 'area' | 'direct'; areas: readonly { label?: string }[]; filters: readonly FilterItem[] }
  /** A few words for the heading ("2 areas, Acres ≥ 40"). */
  summary: string
  /** The loaded results, in the table's order. */
  records: readonly ParcelRecord[]
  /** Matches the search found (may exceed the loaded records). */
  expected: number
  columns: readonly string[]
  theme: ThemeId
  totals: {
    acres: AcreTotals
    totalValue: number
    valueCount: number
    crops: readonly { category: string; share: number }[]
    otherShare: number
  }
  /** "Acres, largest first" when the table is sorted. */
  order: string | null
  link: string
  printed: string
  server: string
  county: { name: string; loadedAt: string } | null
}

export const SEARCH_MAP_ID = 'search'

const count = (n: number) => n.toLocaleString('en-US')

function legend(input: SearchReportInput): LegendEntry[] {
  const theme = themeById(input.theme)
  const entries: LegendEntry[] = []
  if (input.setup.mode === 'area') entries.push({ label: 'Search area', color: REPORT_MAP.area, pattern: 'dashed' })
  if (theme.kind === 'plain') entries.push({ label: 'Result', color: PLAIN_COLOR, count: input.records.length })
  else
    for (const r of legendRows(theme, input.records)) entries.push({ label: r.label, color: r.color, count: r.count })
  return entries
}

/** The crop mix as a proportional strip; a crop's mark is its history letter, or a number where two share one. */
function cropMix(input: SearchReportInput): StripBlock | null {
  const { crops, otherShare } = input.totals
  if (crops.length === 0) return null
  const codes = crops.map((c) => CDL_BY_NAME.get(c.category)?.code ?? null)
  const letters = codes.map((c) => (c === null ? '?' : historyLetter(c)))
  const unique = new Set(letters).size === letters.length
  const cells = crops.map((c, i) => ({
    label: `${c.category} ${Math.round(c.share * 100)} %`,
    mark: unique ? (letters[i] as string) : String(i + 1),
    color: codes[i] === null ? OTHER_COLOR : cdlColor(codes[i] as number),
    share: c.share,
  }))
  if (otherShare > 0)
    cells.push({ label: `Other ${Math.round(otherShare * 100)} %`, mark: 'O', color: OTHER_COLOR, share: otherShare })
  return { kind: 'strip', title: 'Crop mix (majority land cover of each parcel)', cells }
}

export function searchReport(input: SearchReportInput): ReportDocument {
  const { totals, records } = input
  const partial = records.length < input.expected
  const scope = partial ? ` (of the ${count(records.length)} loaded)` : ''
  const theme = themeById(input.theme)
  const chosen = visibleExportColumns([...input.columns])
  // A column with one value in every row (County, State in a county's search) is said once above
  // the table: on paper its width is what the parcel number and owner need not to be cut.
  const same = records.length > 1 ? chosen.filter((c) => sameInEveryRow(records, c)) : []
  const columns = same.length < chosen.length ? chosen.filter((c) => !same.includes(c)) : chosen
  const size = columns.length > 12 ? 5.5 : columns.length > 8 ? 6.5 : 7
  const mix = cropMix(input)
  const blocks: Block[] = [
    {
      kind: 'map',
      id: SEARCH_MAP_ID,
      height: 300,
      legend: legend(input),
      caption: `Results coloured by ${theme.kind === 'plain' ? 'one colour' : theme.label.toLowerCase()}. Basemap: rendering…`,
    },
    { kind: 'paragraph', text: searchInWords(input.setup), size: 8 },
    {
      kind: 'facts',
      columns: 3,
      rows: [
        {
          label: 'Parcels',
          value: partial ? `${count(records.length)} of ${count(input.expected)}` : count(records.length),
        },
        { label: `${ACRE_WORDS.measured.label}${scope}`, value: acreTotalText(totals.acres.measured, formatAcres) },
        { label: `${ACRE_WORDS.recorded.label}${scope}`, value: acreTotalText(totals.acres.recorded, formatAcres) },
        { label: `Assessed value${scope}`, value: totals.valueCount ? formatUsd(totals.totalValue) : '–' },
        {
          label: 'Value per measured acre',
          value:
            totals.acres.measured.counted && totals.acres.measured.acres > 0 && totals.valueCount
              ? formatUsd(totals.totalValue / totals.acres.measured.acres)
              : '–',
        },
        { label: 'Sorted by', value: input.order ?? 'as found' },
      ],
    },
  ]
  if (mix) blocks.push(mix)
  if (columns !== chosen && same.length > 0) {
    const first = records[0] as ParcelRecord
    const text = same.map((c) => `${columnLabel(c)}: ${cellText(first, c)}`).join(' · ')
    blocks.push({ kind: 'paragraph', text: `Every parcel listed has ${text}.`, size: 8 })
  }
  blocks.push({
    kind: 'table',
    title: `Results (${count(records.length)})`,
    size,
    columns: columns.map((c) => ({
      label: columnLabel(c),
      align: isNumericColumn(c) ? 'right' : 'left',
      weight: columnWidth(c),
    })),
    rows: records.map((r) => columns.map((c) => cellText(r, c))),
    ...(partial
      ? { note: `${count(input.expected - records.length)} more matches were not loaded, so they are not listed.` }
      : {}),
  })
  blocks.push({ kind: 'link', url: input.link, text: 'Scan or type this link to run the search again in Plat:' })
  return {
    kind: 'search',
    title: 'Search report',
    heading: input.summary,
    subheading: `${count(records.length)} parcel${records.length === 1 ? '' : 's'}${partial ? ` loaded of ${count(input.expected)} found` : ''}`,
    printed: input.printed,
    source: provenance(input.county, input.server),
    blocks,
    fileName: `search-${
      input.summary
        .replace(/[^\w.-]+/g, '-')
        .replace(/^-+|-+$/g, '')
        .slice(0, 60) || 'results'
    }`,
  }
}

/** Every record shows the same non-empty text in column `c`. */
function sameInEveryRow(records: readonly ParcelRecord[], c: string): boolean {
  const first = cellText(records[0] as ParcelRecord, c)
  return first !== '' && first !== '–' && records.every((r) => cellText(r, c) === first)
}

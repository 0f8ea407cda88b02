/**
 * The parcel report: one page with the parcel on a map among its neighbours, who owns it and where
 * to write to them, what it is, what it is worth and what it pays, its crop history and sales, its
 * buildings, where the data comes from, and the link (and QR code) that reopens it in Plat.
 */
import { historyLetter, historyOf, rotationLabel, rotationOf } from '../../../contract/rotation'
import type { ParcelRecord } from '../../../contract/schemas'
import { fieldFormat } from '../../format/field-formats'
import { EMPTY, formatInteger, formatMeters, formatValue, isEmptyValue } from '../../format/format-value'
import { columnLabel } from '../../format/record-columns'
import { REPORT_MAP } from '../../format/report-colors'
import { cdlColor } from '../../format/themes'
import type { Block, ReportDocument } from './report-model'

/** The parcel card's own derivations, computed by the app from the card (one home for them). */
export interface ParcelReportInput {
  record: ParcelRecord
  valuePerAcre: string
  crop: string
  lastSale: string
  sales: readonly { date: string; price: string; deed: string }[]
  link: string
  /** The county's name and the date its data was loaded (GET /coverage), when known. */
  county: { name: string; loadedAt: string } | null
  printed: string
  /** Who serves the data ("Plat API at example.org"). */
  server: string
}

/** Fewest rows a list keeps on the one page; the rest are counted. */
const MAX_SALES = 4
const MAX_BUILDINGS = 4

export const PARCEL_MAP_ID = 'parcel'

const text = (v: unknown) => (isEmptyValue(v) ? null : String(v))

function field(record: ParcelRecord, name: string): { label: string; value: string } {
  const v = record[name]
  return { label: columnLabel(name), value: formatValue(v, fieldFormat(name, v)) }
}

function withYear(record: ParcelRecord, name: string, year: string): { label: string; value: string } {
  const f = field(record, name)
  const y = text(record[year])
  return f.value !== EMPTY && y ? { ...f, value: `${f.value} (${y})` } : f
}

export function parcelReport(input: ParcelReportInput): ReportDocument {
  const r = input.record
  const owner = text(r.owner)
  const parcelNumber = text(r.parcel_id)
  const place = [text(r.city), text(r.county) && `${r.county} County`, text(r.state)].filter(Boolean).join(', ')
  const blocks: Block[] = [
    {
      kind: 'map',
      id: PARCEL_MAP_ID,
      height: 240,
      legend: [
        { label: 'This parcel', color: REPORT_MAP.subject, pattern: 'hatch' },
        { label: 'Neighbouring parcels', color: REPORT_MAP.neighbour, pattern: 'outline' },
      ],
      caption: 'Basemap: rendering…',
    },
    {
      kind: 'facts',
      columns: 2,
      rows: [
        { label: 'Owner', value: [text(r.owner), text(r.owner2)].filter(Boolean).join('; ') || EMPTY },
        field(r, 'mail_addr'),
        { label: columnLabel('parcel_id'), value: parcelNumber ?? EMPTY },
        field(r, 'situs'),
        field(r, 'acres'),
        field(r, 'land_use'),
        field(r, 'zoning'),
        { label: 'Crop / land cover', value: input.crop },
        { label: 'Soil productivity (CSR2)', value: formatValue(r.csr2, fieldFormat('csr2', r.csr2)) },
        field(r, 'flood_zone'),
        withYear(r, 'parcel_value', 'assessment_year'),
        field(r, 'land_value'),
        field(r, 'improvements_value'),
        { label: 'Value per acre', value: input.valuePerAcre },
        withYear(r, 'tax_amount', 'tax_year'),
        { label: 'Last sale', value: input.lastSale },
        { label: 'County', value: place || EMPTY },
        field(r, 'legal'),
      ],
    },
  ]
  const lists: Block[] = []
  const history = historyOf(r)
  if (history.length > 0) {
    const rotation = rotationLabel(rotationOf(r))
    lists.push({
      kind: 'strip',
      title: `Crop history ${history[0]?.year}–${history.at(-1)?.year}${rotation ? ` · ${rotation}` : ''}`,
      cells: history.map((y) => ({ label: String(y.year), mark: historyLetter(y.code), color: cdlColor(y.code) })),
      note: 'USDA Cropland Data Layer, majority class per year. C corn, S soybeans, W small grain, H hay or pasture, N natural cover, D developed.',
    })
  }
  if (input.sales.length > 0) {
    const more = input.sales.length - MAX_SALES
    lists.push({
      kind: 'table',
      title: 'Sales',
      size: 7.5,
      columns: [
        { label: 'Date', align: 'left', weight: 1 },
        { label: 'Price', align: 'right', weight: 1 },
        { label: 'Deed', align: 'left', weight: 2 },
      ],
      rows: input.sales.slice(0, MAX_SALES).map((s) => [s.date, s.price, s.deed]),
      ...(more > 0 ? { note: `${more} earlier sale${more === 1 ? '' : 's'} not shown.` } : {}),
    })
  }
  const buildings = Array.isArray(r.buildings) ? r.buildings : []
  if (buildings.length > 0) {
    const more = buildings.length - MAX_BUILDINGS
    lists.push({
      kind: 'table',
      title: `Buildings (${buildings.length})`,
      size: 7.5,
      columns: [
        { label: 'Use', align: 'left', weight: 2 },
        { label: 'Floor area', align: 'right', weight: 1 },
        { label: 'Height', align: 'right', weight: 1 },
        { label: 'Address', align: 'left', weight: 3 },
      ],
      rows: buildings
        .slice(0, MAX_BUILDINGS)
        .map((b, i) => [
          text(b.occupancy) ?? text(b.occupancy_code) ?? `Building ${i + 1}`,
          isEmptyValue(b.sq_feet) ? EMPTY : `${formatInteger(b.sq_feet)} sq ft`,
          isEmptyValue(b.height) ? EMPTY : formatMeters(b.height),
          text(b.address) ?? EMPTY,
        ]),
      ...(more > 0 ? { note: `${more} more building${more === 1 ? '' : 's'} not shown.` } : {}),
    })
  }
  const link: Block = { kind: 'link', url: input.link, text: 'Scan or type this link to open the parcel in Plat:' }
  blocks.push(lists.length > 0 ? { kind: 'pair', left: lists, right: [link], split: 0.7 } : link)
  return {
    kind: 'parcel',
    title: 'Parcel report',
    heading: owner ?? text(r.situs) ?? parcelNumber ?? 'Parcel',
    subheading: [parcelNumber && `Parcel ${parcelNumber}`, text(r.situs), place].filter(Boolean).join(' · '),
    printed: input.printed,
    source: provenance(input.county, input.server),
    blocks,
    fileName: `parcel-${(parcelNumber ?? r.svc_uuid).replace(/[^\w.-]+/g, '-')}`,
  }
}

/** "Data: Story County, IA, loaded 2026-11-01 · Plat API at …": the footer of every page. */
export function provenance(county: { name: string; loadedAt: string } | null, server: string): string {
  const data = county ? `Data: ${county.name}, loaded ${county.loadedAt.slice(0, 10)}` : 'Data: load date not known'
  return `${data} · ${server} · Not a survey: outlines are approximate.`
}

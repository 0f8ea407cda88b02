/**
 * The report as data: what a report says (a `ReportDocument` of blocks, built from a plain,
 * serialisable summary by parcel-report.ts, search-report.ts, comps-report.ts and holding-report.ts)
 * and how it lies on paper (`LaidPage`s of positioned items, made by layout.ts). The printed HTML (report-pages.tsx)
 * and the PDF (pdf-builder.ts) both draw the laid pages, so "Print" and "Download PDF" give the same
 * pages. Every length is in points (1/72 in), y downwards from the top of the page.
 */
import type { Geometry } from 'geojson'
import type { ParcelRecord } from '../../../contract/schemas'

export type ReportKind = 'parcel' | 'search' | 'comps' | 'holding'

export interface LegendEntry {
  label: string
  /** Fill colour; with `pattern` the swatch is drawn as the map draws the thing. */
  color: string
  pattern?: 'hatch' | 'outline' | 'dashed' | 'solid'
  count?: number
}

/** A map on the page. Its picture is rendered separately (print-map.ts) and drawn into the frame. */
export interface MapBlock {
  kind: 'map'
  id: string
  height: number
  legend: readonly LegendEntry[]
  /** Under the frame: the basemap and what the outlines are. */
  caption: string
}

export interface FactsBlock {
  kind: 'facts'
  title?: string
  columns: 1 | 2 | 3
  rows: readonly { label: string; value: string }[]
}

export interface ParagraphBlock {
  kind: 'paragraph'
  text: string
  size?: number
  tone?: 'normal' | 'muted' | 'strong'
}

export interface HeadingBlock {
  kind: 'heading'
  text: string
}

export interface TableColumn {
  label: string
  align: 'left' | 'right'
  /** Relative width (the record-column model's screen width works). */
  weight: number
}

/** A table that continues over as many pages as it takes, its header repeated on each. */
export interface TableBlock {
  kind: 'table'
  title?: string
  columns: readonly TableColumn[]
  rows: readonly (readonly string[])[]
  /** Under the last row (e.g. "12 more not shown"). */
  note?: string
  /** Smaller type for wide tables. */
  size?: number
}

/** A row of coloured cells (the crop history, the crop mix): colour plus a letter, never colour alone. */
export interface StripBlock {
  kind: 'strip'
  title: string
  /** `share` (0–1) makes a proportional bar; without it cells are equal (one per year). */
  cells: readonly { label: string; mark: string; color: string; share?: number }[]
  note?: string
}

/** The link that reopens the report's subject in Plat, as text and (when it fits one) a QR code. */
export interface LinkBlock {
  kind: 'link'
  url: string
  text: string
}

/** Two stacks of blocks side by side (the parcel report's link beside its tables); never split. */
export interface PairBlock {
  kind: 'pair'
  left: readonly Block[]
  right: readonly Block[]
  /** Share of the width the left stack takes (0–1). */
  split: number
}

export type Block =
  | PairBlock
  | MapBlock
  | FactsBlock
  | ParagraphBlock
  | HeadingBlock
  | TableBlock
  | StripBlock
  | LinkBlock

export interface ReportDocument {
  kind: ReportKind
  /** "Parcel report" — the kicker on every page and the PDF's title. */
  title: string
  /** The subject: the owner, the search in a few words, the holding's name. */
  heading: string
  subheading?: string
  /** "Printed 26 Nov 2026, 10:14". */
  printed: string
  /** The footer's provenance: the data's county and load date, the API. */
  source: string
  blocks: readonly Block[]
  /** A file name without extension. */
  fileName: string
}

// --- laid out --------------------------------------------------------------------------------

export interface LaidText {
  t: 'text'
  x: number
  /** Top of the line box; the box is `lineHeight` tall. */
  y: number
  w: number
  lineHeight: number
  size: number
  weight: 'normal' | 'bold'
  color: string
  align: 'left' | 'right' | 'center'
  text: string
  /** The HTML element it becomes (headings read as headings). */
  tag?: 'h1' | 'h2' | 'p'
  mono?: boolean
  href?: string
}

export interface LaidRect {
  t: 'rect'
  x: number
  y: number
  w: number
  h: number
  fill?: string
  stroke?: string
  lineWidth?: number
  /** Diagonal hatching in the stroke colour (grayscale-safe swatches). */
  hatch?: boolean
  dash?: readonly number[]
}

export interface LaidLine {
  t: 'line'
  x1: number
  y1: number
  x2: number
  y2: number
  width: number
  color: string
}

/** A closed polygon in page points (the north arrow). */
export interface LaidShape {
  t: 'shape'
  points: readonly (readonly [number, number])[]
  fill: string
}

export interface LaidTable {
  t: 'table'
  x: number
  y: number
  /** Column left edges and widths. */
  colX: readonly number[]
  colW: readonly number[]
  align: readonly ('left' | 'right')[]
  headerHeight: number
  /** A header label may take two lines ("\n" between them), each this tall, centred in the header. */
  headerLineHeight: number
  rowHeight: number
  size: number
  /** Cell texts, already cut to fit. */
  header: readonly string[]
  rows: readonly (readonly string[])[]
  /** Index of the first row within the whole table (zebra striping continues across pages). */
  firstRow: number
  /** The table's accessible name. */
  caption: string
}

export interface LaidMap {
  t: 'map'
  id: string
  x: number
  y: number
  w: number
  h: number
}

export interface LaidQr {
  t: 'qr'
  x: number
  y: number
  size: number
  modules: readonly (readonly boolean[])[]
}

export type LaidItem = LaidText | LaidRect | LaidLine | LaidShape | LaidTable | LaidMap | LaidQr

export interface LaidPage {
  number: number
  count: number
  width: number
  height: number
  items: readonly LaidItem[]
}

// --- maps ------------------------------------------------------------------------------------

/** What a report map shows; a plain value the app turns into a MapLibre style (map/print-map-style.ts). */
export interface MapContent {
  /** The subject: hatched, thick outline (parcel report, comps subject). */
  subject?: Geometry | null
  /** Search areas, outlined dashed. */
  areas?: readonly Geometry[]
  /** Results coloured by the report's theme. */
  results?: readonly ParcelRecord[]
  /** Comparable sales (rank-numbered; included solid, left out dashed). */
  comps?: readonly { rank: number; included: boolean; geometry: Geometry | null; point: readonly [number, number] }[]
  /** Draw every parcel's outline from the parcel tiles (the neighbours). */
  neighbours?: boolean
  /**
   * Holdings' merged outlines, drawn as the subject is, each marked with a dot at `point` (a point
   * on it) and labelled there: on a map of several states a holding is smaller than a pixel.
   */
  holdings?: readonly { label: string; geometry: Geometry; point: readonly [number, number] }[]
}

export interface MapImage {
  /** A PNG data URL of the map at print resolution. */
  dataUrl: string
  /** Ground metres per point of paper at the centre of the frame. */
  metersPerPoint: number
  /** The basemap drawn (after any fallback) and anything the reader should know. */
  basemap: string
  notes: readonly string[]
}

export type MapImageState =
  | { status: 'rendering' }
  | { status: 'ready'; image: MapImage }
  | { status: 'failed'; message: string }

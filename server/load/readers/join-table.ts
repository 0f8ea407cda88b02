/**
 * A CAMA (assessor) table read for `--join`: CSV (any delimiter of , ; tab |; a BOM of any
 * encoding; UTF-8, Windows-1252 or both, value by value (text-decoding.ts); quoted fields with
 * commas and line breaks; every value kept as text, so "00123" keeps its zeros) or dBASE
 * (`.dbf`, encoding from a `.cpg` beside it). The rows are held in memory by key — a county's
 * assessor table is tens of megabytes at most — while the shapes stream past, each row as an array
 * of its values in column order: an object per row with a key per column cost far more than the
 * values themselves when a table is wide (issue 39: a 3.5 MB CSV of 5,000 columns held 68 MB of
 * rows as objects). Repeated keys are counted; the first row of a key is the one joined.
 */
import { closeSync, createReadStream, existsSync, openSync, readFileSync, readSync } from 'node:fs'
import { basename, extname } from 'node:path'
import Papa from 'papaparse'
import { openDbf } from 'shapefile'
import { csvDelimiter } from '../../../formats/csv'
import { encodingOfCpg } from '../../../formats/shapefile'
import { parcelKey } from '../derive/owner-key'
import { JoinColumnError } from './join-errors'
import { SourceError } from './source'
import { bomOf, ValueDecoder } from './text-decoding'

export type JoinValue = string | number | null
/** A row's values by column name (JoinTable.row: for reading one row, not for holding many). */
export type JoinRow = Record<string, JoinValue>

export interface RepeatedKey {
  key: string
  rows: number
  /** 1-based data row (after the header) of the row that was joined */
  first: number
}

export interface JoinTable {
  readonly name: string
  /** the table's columns, key column excluded, in file order */
  readonly columns: readonly string[]
  readonly keyColumn: string
  /** each key's row: its values in the order of `columns` */
  readonly rows: ReadonlyMap<string, readonly JoinValue[]>
  /** one key's row as an object of column → value */
  row(key: string): JoinRow | undefined
  readonly repeated: readonly RepeatedKey[]
  /** rows whose key is empty */
  readonly keyless: number
  readonly total: number
  /** values (headers included) that were not valid UTF-8 and were read as Windows-1252 */
  readonly windows1252: number
}

/** The key as compared on both sides: case and spacing do not matter; zeros and punctuation do. */
export const joinKey = (v: unknown): string | null =>
  v === null || v === undefined ? null : parcelKey(typeof v === 'number' ? String(v) : String(v))

export async function readJoinTable(path: string, keyColumn: string): Promise<JoinTable> {
  if (!existsSync(path)) throw new SourceError(`--join ${path}: no such file`)
  const ext = extname(path).toLowerCase()
  if (ext !== '.csv' && ext !== '.txt' && ext !== '.tsv' && ext !== '.dbf') {
    throw new SourceError(`--join ${path}: the join table must be CSV (.csv, .txt, .tsv) or dBASE (.dbf)`)
  }
  const decoder = new ValueDecoder()
  const records = ext === '.dbf' ? dbfRecords(path) : csvRecords(path, decoder)
  const rows = new Map<string, JoinValue[]>()
  const counts = new Map<string, RepeatedKey>()
  let header: string[] | null = null
  let key = ''
  let keyAt = -1
  let keyless = 0
  let total = 0
  for await (const { columns, values } of records) {
    if (!header) {
      header = columns
      const hit = columns.find((c) => c.toLowerCase() === keyColumn.toLowerCase())
      if (!hit) {
        throw new JoinColumnError(
          `--on ${keyColumn}: ${basename(path)} has no such column; its columns: ${columns.slice(0, 60).join(', ')}`,
        )
      }
      key = hit
      keyAt = columns.indexOf(hit)
    }
    total++
    const k = joinKey(values[keyAt])
    if (k === null) {
      keyless++
      continue
    }
    const seen = counts.get(k)
    if (seen) {
      seen.rows++
      continue
    }
    counts.set(k, { key: String(values[keyAt]), rows: 1, first: total })
    // The key column out; a short row's missing values are nulls.
    const row = new Array<JoinValue>(header.length - 1)
    for (let i = 0, j = 0; i < header.length; i++) if (i !== keyAt) row[j++] = values[i] ?? null
    rows.set(k, row)
  }
  if (!header) throw new SourceError(`--join ${path} is empty`)
  const columns = header.filter((c) => c !== key)
  return {
    name: basename(path),
    columns,
    keyColumn: key,
    rows,
    row(k) {
      const values = rows.get(k)
      return values && Object.fromEntries(columns.map((c, i) => [c, values[i] ?? null]))
    },
    repeated: [...counts.values()].filter((r) => r.rows > 1),
    keyless,
    total,
    windows1252: decoder.fallbacks,
  }
}

interface Record_ {
  columns: string[]
  /** in the order of `columns`; a short row's are fewer */
  values: JoinValue[]
}

/**
 * CSV rows as text; the delimiter is the one of , ; tab | that the header line holds most of
 * (formats/csv.ts). The browser's list import reads CSV with the same parser (papaparse), streamed
 * here so a county-wide assessor table is never held whole.
 */
async function* csvRecords(path: string, decoder: ValueDecoder): AsyncGenerator<Record_> {
  const head = readHead(path, 64 * 1024)
  const bom = bomOf(head)
  if (bom?.encoding === 'utf16be') throw new SourceError(`--join ${path} is UTF-16 (big-endian): save it as UTF-8`)
  const utf16 = bom?.encoding === 'utf16le'
  const firstLine =
    head
      .subarray(bom?.bytes ?? 0)
      .toString(utf16 ? 'utf16le' : 'latin1')
      .split(/\r?\n/)[0] ?? ''
  const delimiter = csvDelimiter(firstLine)
  // Byte by byte ('latin1'), past any BOM: the parser splits on ASCII delimiters, then each value is
  // read as UTF-8 where it is, else Windows-1252 (a table mixing both keeps both readable).
  const decode = utf16 ? (v: string) => v : (v: string) => decoder.decode(v)
  const parser = createReadStream(path, { encoding: utf16 ? 'utf16le' : 'latin1', start: bom?.bytes ?? 0 }).pipe(
    Papa.parse(Papa.NODE_STREAM_INPUT, { delimiter, skipEmptyLines: 'greedy' }),
  )
  let columns: string[] | null = null
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      if (!columns) {
        columns = uniqueNames(record.map((c) => decode(c).trim()))
        continue
      }
      const values = new Array<JoinValue>(columns.length)
      for (let i = 0; i < columns.length; i++) {
        const v = record[i]
        values[i] = v === undefined || v.trim() === '' ? null : decode(v)
      }
      yield { columns, values }
    }
  } catch (e) {
    throw new SourceError(`--join ${path}: ${(e as Error).message.split('\n')[0]}`)
  }
}

/** The first `bytes` of a file, read without the rest (a CAMA table can be hundreds of MB). */
function readHead(path: string, bytes: number): Buffer {
  const fd = openSync(path, 'r')
  try {
    const buf = Buffer.alloc(bytes)
    return buf.subarray(0, readSync(fd, buf, 0, bytes, 0))
  } finally {
    closeSync(fd)
  }
}

async function* dbfRecords(path: string): AsyncGenerator<Record_> {
  const cpg = path.replace(/\.dbf$/i, '.cpg')
  const encoding = encodingOfCpg(existsSync(cpg) ? readFileSync(cpg, 'utf8') : null)
  let source: Awaited<ReturnType<typeof openDbf>>
  try {
    source = await openDbf(path, { encoding })
  } catch (e) {
    throw new SourceError(`--join ${path} is not a dBASE file (${(e as Error).message})`)
  }
  let columns: string[] | null = null
  for (;;) {
    const next = await source.read()
    if (next.done) return
    const r = next.value
    columns ??= Object.keys(r)
    const values = columns.map((c): JoinValue => {
      const v = r[c]
      if (v instanceof Date) return v.toISOString().slice(0, 10)
      return v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? null : (v as string | number)
    })
    yield { columns, values }
  }
}

/** Header names made unique ("VALUE", "VALUE" → "VALUE", "VALUE_2"), empty ones named by position. */
function uniqueNames(names: string[]): string[] {
  const seen = new Map<string, number>()
  return names.map((n, i) => {
    const base = n || `column_${i + 1}`
    const k = (seen.get(base.toLowerCase()) ?? 0) + 1
    seen.set(base.toLowerCase(), k)
    return k === 1 ? base : `${base}_${k}`
  })
}

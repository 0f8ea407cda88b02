/**
 * A CAMA (assessor) table read for `--join`: CSV (any delimiter of , ; tab |; a BOM of any
 * encoding; UTF-8, Windows-1252 or both, value by value (text-decoding.ts); quoted fields with
 * commas and line breaks; every value kept as text, so "00123" keeps its zeros) or dBASE
 * (`.dbf`, encoding from a `.cpg` beside it). The rows are held in memory by key — a county's
 * assessor table is tens of megabytes at most — while the shapes stream past. Repeated keys are
 * counted; the first row of a key is the one joined.
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

export type JoinRow = Record<string, string | number | null>

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
  readonly rows: ReadonlyMap<string, JoinRow>
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
  const rows = new Map<string, JoinRow>()
  const counts = new Map<string, RepeatedKey>()
  let header: string[] | null = null
  let key = ''
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
    }
    total++
    const k = joinKey(values[key])
    if (k === null) {
      keyless++
      continue
    }
    const seen = counts.get(k)
    if (seen) {
      seen.rows++
      continue
    }
    counts.set(k, { key: String(values[key]), rows: 1, first: total })
    const row: JoinRow = {}
    for (const c of columns) if (c !== key) row[c] = values[c] ?? null
    rows.set(k, row)
  }
  if (!header) throw new SourceError(`--join ${path} is empty`)
  return {
    name: basename(path),
    columns: header.filter((c) => c !== key),
    keyColumn: key,
    rows,
    repeated: [...counts.values()].filter((r) => r.rows > 1),
    keyless,
    total,
    windows1252: decoder.fallbacks,
  }
}

interface Record_ {
  columns: string[]
  values: Record<string, string | number | null>
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
      const values: Record<string, string | null> = {}
      columns.forEach((c, i) => {
        const v = record[i]
        values[c] = v === undefined || v.trim() === '' ? null : decode(v)
      })
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
    const values: Record<string, string | number | null> = {}
    for (const c of columns) {
      const v = r[c]
      values[c] =
        v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? null : (v as string | number)
      if (v instanceof Date) values[c] = v.toISOString().slice(0, 10)
    }
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

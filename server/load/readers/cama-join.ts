/**
 * `--join TABLE --on TABLE_COLUMN[=SHAPE_COLUMN]`: each shape gets the columns of the assessor row
 * whose key equals its own (compared as text, case and spacing aside; join-table.ts). A joined
 * column is an attribute like the file's own, under its own name, or as `join.NAME` when the shapes
 * have a column of that name too (the mapping may always say `join.NAME`). Shapes without a row and
 * rows without a shape are counted and listed in the report.
 */

import type { LoadReportSink } from '../load-county'
import { JoinColumnError } from './join-errors'
import type { JoinTable, JoinValue } from './join-table'
import { joinKey } from './join-table'
import type { SourceFeature, SourceFile, SourceLayer } from './source'

const JOIN_PREFIX = 'join.'

export interface JoinOn {
  tableColumn: string
  /** the shapes' column; the table's name when the `--on` value has no `=` */
  shapeColumn: string
}

export function parseJoinOn(on: string): JoinOn {
  const [table, shape, ...rest] = on.split('=').map((s) => s.trim())
  if (!table || rest.length > 0 || shape === '') {
    throw new JoinColumnError(
      `--on takes the join table's key column, and the shapes' when it is named otherwise: --on PIN or --on PARCEL_NO=PIN (got "${on}")`,
    )
  }
  return { tableColumn: table, shapeColumn: shape ?? table }
}

export class JoinTally {
  matched = 0
  unmatched = 0
  private readonly used = new Set<string>()
  constructor(readonly table: JoinTable) {}

  use(key: string): void {
    this.used.add(key)
  }

  /** Table rows no shape asked for. */
  unusedKeys(): string[] {
    const out: string[] = []
    for (const k of this.table.rows.keys()) if (!this.used.has(k)) out.push(k)
    return out
  }

  /** Report lines for the table's side: rows without a shape, repeated keys, rows without a key. */
  report(sink: LoadReportSink | undefined): void {
    if (!sink) return
    const t = this.table
    const line = (parcel_id: string | null, action: string, reason: string) =>
      sink.line({ feature: null, layer: null, parcel_id, action, reason })
    for (const k of this.unusedKeys()) line(k, 'join row unused', `no shape has this ${t.keyColumn} (${t.name})`)
    for (const r of t.repeated) {
      line(
        r.key,
        'join key repeated',
        `${r.rows} rows of ${t.name} share this ${t.keyColumn}; row ${r.first} was joined`,
      )
    }
    if (t.keyless) line(null, 'join rows without key', `${t.keyless} row(s) of ${t.name} have no ${t.keyColumn}`)
    if (t.windows1252) {
      line(null, 'join text read as Windows-1252', `${t.windows1252} value(s) of ${t.name} are not UTF-8`)
    }
  }
}

/** The file with each layer's features carrying their joined columns. */
export function joinSource(
  file: SourceFile,
  table: JoinTable,
  on: JoinOn,
  tally: JoinTally,
  report: LoadReportSink | undefined,
): SourceFile {
  let feature = 0
  const layers = file.layers.map((layer): SourceLayer => {
    /** the name each table column takes on the shapes, in the table's column order */
    let names: string[] | null = null
    const namesFor = (own: readonly string[]) => {
      const taken = new Set(own.map((a) => a.toLowerCase()))
      return table.columns.map((c) => (taken.has(c.toLowerCase()) ? `${JOIN_PREFIX}${c}` : c))
    }
    if (layer.attributes) names = namesFor(layer.attributes)
    const shapeKey = (own: readonly string[]): string => {
      const hit = own.find((a) => a.toLowerCase() === on.shapeColumn.toLowerCase())
      if (!hit) {
        throw new JoinColumnError(
          `--on ${on.tableColumn}=${on.shapeColumn}: the shapes${layer.name ? ` (layer ${layer.name})` : ''} have no column ${on.shapeColumn}; their columns: ${own.slice(0, 60).join(', ')}`,
        )
      }
      return hit
    }
    let keyName: string | null = layer.attributes ? shapeKey(layer.attributes) : null
    async function* features(): AsyncIterable<SourceFeature> {
      for await (const f of layer.features()) {
        feature++
        const own = Object.keys(f.properties)
        names ??= namesFor(own)
        const joined = names
        keyName ??= shapeKey(own)
        const raw = f.properties[keyName]
        const key = joinKey(raw)
        const row: readonly JoinValue[] | undefined = key === null ? undefined : table.rows.get(key)
        if (row && key !== null) {
          tally.matched++
          tally.use(key)
        } else {
          tally.unmatched++
          report?.line({
            feature,
            layer: layer.name,
            parcel_id: key === null ? null : String(raw),
            action: 'not joined',
            reason:
              key === null
                ? `no ${keyName} to join on`
                : `no row of ${table.name} has ${table.keyColumn} ${String(raw)}`,
          })
        }
        const properties: Record<string, unknown> = { ...f.properties }
        for (let i = 0; i < joined.length; i++) properties[joined[i]!] = row ? (row[i] ?? null) : null
        yield { ...f, properties }
      }
    }
    return {
      ...layer,
      crs: () => layer.crs(),
      attributes: layer.attributes ? [...layer.attributes, ...namesFor(layer.attributes)] : null,
      features,
    }
  })
  return { ...file, layers, close: () => file.close() }
}

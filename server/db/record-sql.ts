/** Columns that carry a record out of SQL; the record text was written at load (parcel-loader.ts). */
export function recordColumns(includeBuildings: boolean): string {
  return includeBuildings ? 'p.record AS r, p.buildings AS b' : 'p.record AS r'
}

/** Adds `"buildings": [...]` to a record's JSON text without parsing it (the record is an object). */
function withBuildings(record: string, buildings: string): string {
  return `${record.slice(0, record.lastIndexOf('}'))},"buildings":${buildings}}`
}

export function toRecords(rows: readonly { r: string; b?: string }[]): string[] {
  return rows.map((row) => (row.b === undefined ? row.r : withBuildings(row.r, row.b)))
}

/**
 * The loader summary's and report's lines about land-use classes and what a reload changed
 * (issue 23), beside the lines load-file.ts prints for the load itself.
 */
import { CHANGE_KINDS, changeCountsText } from '../../contract/changes'
import { LAND_USE_CLASSES } from '../../contract/land-use-classes'
import type { LoadReportSink, LoadSummary } from './load-county'

const n = (v: number) => v.toLocaleString('en-US')
const pct = (part: number, whole: number) => `${whole > 0 ? ((100 * part) / whole).toFixed(1) : '0.0'} %`
const shown = (v: { code: string | null; description: string | null }) =>
  [v.code, v.description].filter((x) => x !== null).join(' / ')

export function landUseLines(s: LoadSummary): string[] {
  const u = s.landUse
  const classes = LAND_USE_CLASSES.filter((c) => (u.byClass[c.id] ?? 0) > 0)
    .map((c) => `${c.id} ${n(u.byClass[c.id] ?? 0)}`)
    .join(', ')
  const examples = u.unmatched.slice(0, 3).map((v) => `"${shown(v)}" ${n(v.records)}`)
  return [
    `  land use   ${classes || 'nothing classified'}`,
    `             unclassified ${n(u.unclassified)} (${pct(u.unclassified, s.loaded)})${examples.length ? `: ${examples.join(', ')}${u.unmatched.length > 3 ? ', …' : ''}` : ''}; no land-use value ${n(u.missing)} (${pct(u.missing, s.loaded)})`,
  ]
}

export function changeLines(s: LoadSummary): string[] {
  if (!s.changes) return ['  changes    first load of this county (nothing to compare)']
  const text = changeCountsText(s.changes.counts)
  return [`  changes    ${text || 'none'}; ${n(s.changes.unchanged)} unchanged (log version ${s.version})`]
}

/** Report rows: each unclassified value with its record count, and the counts of changes. */
export function reportExtras(s: LoadSummary, report: LoadReportSink): void {
  for (const v of s.landUse.unmatched) {
    report.line({
      feature: null,
      layer: null,
      parcel_id: null,
      action: 'land use unclassified',
      reason: `${n(v.records)} records with code ${JSON.stringify(v.code)} and description ${JSON.stringify(v.description)}; give a rule with --land-use`,
    })
  }
  if (!s.changes) return
  for (const kind of CHANGE_KINDS) {
    const count = s.changes.counts[kind] ?? 0
    if (count > 0)
      report.line({
        feature: null,
        layer: null,
        parcel_id: null,
        action: `changed: ${kind}`,
        reason: `${n(count)} parcels (GET /changes?since=<version before this load> lists them)`,
      })
  }
}

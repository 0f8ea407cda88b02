/**
 * The data version a link's search was run against (issue 23), as `dv=<version>.<YYYYMMDD>`: the
 * `version` GET /coverage reported then, and the day. Opened after the data changed, the link asks
 * GET /changes?since=<version> what changed among its results. Written only with `s=1` (a link of a
 * search that had been run); a reader that predates it ignores it, like any unknown parameter.
 */
import type { DataStamp } from '../../state/data-stamp-slice'

const VERSION = /^[A-Za-z0-9_-]{1,64}$/
const STAMP = /^([A-Za-z0-9_-]{1,64})\.(\d{4})(\d{2})(\d{2})$/

export function encodeDataStamp(stamp: DataStamp): string | null {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(stamp.date)
  if (!VERSION.test(stamp.version) || !day) return null
  return `${stamp.version}.${day[1]}${day[2]}${day[3]}`
}

export function decodeDataStamp(text: string): DataStamp | null {
  const m = STAMP.exec(text)
  if (!m) return null
  const [, version, y, mo, d] = m as unknown as [string, string, string, string, string]
  const t = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)))
  if (t.getUTCMonth() !== Number(mo) - 1 || t.getUTCDate() !== Number(d)) return null
  return { version, date: `${y}-${mo}-${d}` }
}

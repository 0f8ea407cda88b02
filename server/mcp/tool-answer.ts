/**
 * One shape for every tool's answer: a short text an assistant can quote, and the same facts as
 * structured content — the counts, what the answer spent of the key's allowance, and the Plat link
 * that reopens it. A refusal is the API's own status and reason, never a made-up one.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import type { ParcelRecord } from '../../contract/schemas'
import { ApiRefusal, type CallTally, type PlatCalls } from './plat-calls'

export interface ToolAnswer {
  /** One or two sentences: what was found. */
  summary: string
  /** The number the app's results summary shows when the link is opened. */
  count: number
  link: string
  /** What rests on what, where the answer is Plat's reading rather than the API's own. */
  basis?: string
  data: Record<string, unknown>
}

export type ToolRun = (calls: PlatCalls) => Promise<ToolAnswer>

export async function answerWith(calls: PlatCalls, run: ToolRun): Promise<CallToolResult> {
  try {
    const a = await run(calls)
    const spent = spentText(calls.tally)
    const lines = [a.summary, a.basis, `Spent: ${spent}.`, `Open in Plat: ${a.link}`].filter(Boolean)
    return {
      content: [{ type: 'text', text: lines.join('\n') }],
      structuredContent: { count: a.count, link: a.link, calls: { ...calls.tally }, ...a.data },
    }
  } catch (e) {
    if (!(e instanceof Error)) throw e
    // The API's refusal keeps its status; a question the tool itself cannot ask (a county the
    // server does not hold) is refused with its reason and no status.
    const status = e instanceof ApiRefusal ? e.status : null
    const detail = e instanceof ApiRefusal ? e.detail : e.message
    const text = status ? `Plat refused this (HTTP ${status}): ${detail}` : `Plat cannot answer this: ${detail}`
    return {
      isError: true,
      content: [{ type: 'text', text }],
      structuredContent: { status, detail, calls: { ...calls.tally } },
    }
  }
}

function spentText(t: CallTally): string {
  const parts = [`${t.requests} API request${t.requests === 1 ? '' : 's'} counted against the key's allowance`]
  if (t.records)
    parts.push(`${t.records} record${t.records === 1 ? '' : 's'} returned (what a records-unit plan counts)`)
  if (t.free) parts.push(`${t.free} free call${t.free === 1 ? '' : 's'}`)
  return parts.join(', ')
}

/** The fields an assistant answers from; the whole record (100+ fields, the boundary) on request. */
const SUMMARY_FIELDS = [
  'svc_uuid',
  'parcel_id',
  'owner',
  'situs',
  'city',
  'state',
  'county',
  'acres',
  'parcel_value',
  'land_use',
  'cdl_majority_category',
  'sale_price',
  'sale_date',
] as const

export function recordView(r: ParcelRecord, full: boolean): Record<string, unknown> {
  if (full) return r
  const out: Record<string, unknown> = {}
  for (const f of SUMMARY_FIELDS) if (r[f] !== undefined) out[f] = r[f]
  return out
}

export const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`

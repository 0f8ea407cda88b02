/**
 * The search's sources with field packs under them: when the server cannot be reached (a network
 * error: airplane mode, no signal), an area or query is answered from the packs' records instead —
 * filters evaluated in the browser, ordered and paged as our server does — so the table, filters,
 * themes and details keep working inside a pack. Any other failure (401, 429, a 400 on a filter)
 * is the server's answer and passes through. `onAnswer` tells the app which packs answered, or null
 * when the server did.
 */
import type { FeatureCollection } from 'geojson'
import type { ParcelRecord, QueryRequest, QueryResponse } from '../../../contract/schemas'
import { ApiError } from '../../api/api-error'
import type { AreaSource, QuerySource } from '../../cache/cached-sources'
import type { Source } from '../../calls/source'
import type { PackAnswer } from './pack-library'

/** A failure that means "no server to ask", not the server's own verdict. */
export function unreachable(e: unknown): boolean {
  return (e instanceof ApiError && e.kind === 'network') || e instanceof TypeError
}

function withFallback<Req, Res>(
  inner: Source<Req, Res>,
  answer: (req: Req) => Promise<PackAnswer<Res> | null>,
  onAnswer: (packs: readonly string[] | null) => void,
): Source<Req, Res> {
  return {
    peek: (req) => inner.peek(req),
    async fetch(req, signal) {
      try {
        const got = await inner.fetch(req, signal)
        if (got.network) onAnswer(null)
        return got
      } catch (e) {
        if (signal.aborted || !unreachable(e)) throw e
        const packed = await answer(req).catch(() => null)
        if (!packed) throw e
        onAnswer(packed.packs)
        return { value: packed.value, network: false }
      }
    },
  }
}

export interface PackAnswers {
  answerArea(area: FeatureCollection): Promise<PackAnswer<{ svc_uuids: string[] }> | null>
  answerQuery(req: QueryRequest): Promise<PackAnswer<QueryResponse> | null>
}

export function withPackFallback(
  sources: { area: AreaSource; query: QuerySource },
  packs: PackAnswers,
  onAnswer: (packs: readonly string[] | null) => void,
): { area: AreaSource; query: QuerySource } {
  return {
    area: withFallback(sources.area, (req) => packs.answerArea(req), onAnswer),
    query: withFallback(sources.query, (req) => packs.answerQuery(req), onAnswer),
  }
}

/**
 * A parcel asked for with no signal that no pack holds a record of. It is not gone from the server:
 * a pack keeps the records of its search's results (and the tiles of its whole area), so any other
 * parcel in the area shows on the map without its record (issue 37).
 */
export class NotInPackError extends Error {
  constructor() {
    super(
      'Offline: this parcel’s record is not in your pack (a pack keeps its search’s results). Its owner, parcel number and value show when you are back online.',
    )
    this.name = 'NotInPackError'
  }
}

/**
 * One parcel by a one-parcel query `body`: the server's answer (null: the server says it is gone),
 * or with no signal the packs' record; a parcel no pack holds is `NotInPackError`, never "gone".
 */
export async function parcelWithPackFallback(
  query: QuerySource,
  packs: Pick<PackAnswers, 'answerQuery'>,
  body: QueryRequest,
  onAnswer: (packs: readonly string[] | null) => void,
): Promise<ParcelRecord | null> {
  const cached = await query.peek(body)
  if (cached) return cached.results[0] ?? null
  try {
    const got = await query.fetch(body, new AbortController().signal)
    if (got.network) onAnswer(null)
    return got.value.results[0] ?? null
  } catch (e) {
    if (!unreachable(e)) throw e
    const packed = await packs.answerQuery(body).catch(() => null)
    if (!packed) throw e
    onAnswer(packed.packs)
    const record = packed.value.results[0]
    if (!record) throw new NotInPackError()
    return record
  }
}

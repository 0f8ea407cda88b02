/**
 * The four parcel endpoints in proxy mode. Callers pass our key guard first (plans, allowances,
 * records counted from the proxied answers), exactly as against local data; then the request is
 * forwarded as the caller wrote it — body text or query string — and the answer comes back with
 * our headers only. A body over the size cap or one that is not JSON is refused here (413/422,
 * as the reference server does): it cannot be keyed, and it is not worth an upstream call.
 */
import type { Context } from 'hono'
import { Hono } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { guarded, type Outcome } from '../auth/guarded'
import type { KeyGuard } from '../auth/key-guard'
import { readBodyText } from '../http-kit/read-json-body'
import { requestIdOf } from '../http-kit/request-log'
import { errorResponse, validationResponse } from '../http-kit/responses'
import type { ProxyService } from './proxy-service'
import type { ProxyAnswer } from './upstream-answer'

const fail = (response: Response): Outcome => ({ response, records: 0 })

function respond(c: Context, answer: ProxyAnswer): Outcome {
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (answer.retryAfter) headers['retry-after'] = answer.retryAfter
  return { response: c.body(answer.body, answer.status as ContentfulStatusCode, headers), records: answer.records }
}

export function proxyRoutes(service: ProxyService, guard: KeyGuard, { timeoutMs }: { timeoutMs: number }) {
  const app = new Hono()
  const opts = (c: Context) => ({ signal: c.req.raw.signal, timeoutMs, requestId: requestIdOf(c) })

  for (const endpoint of ['area', 'query'] as const) {
    app.post(
      `/${endpoint}`,
      guarded(guard, endpoint, async (c) => {
        const body = await readBodyText(c)
        if (!body.ok) {
          if (body.status === 413) return fail(errorResponse(c, 413, body.detail))
          return fail(validationResponse(c, [{ loc: ['body'], msg: body.msg, type: 'json_invalid' }]))
        }
        let value: unknown
        try {
          value = JSON.parse(body.text)
        } catch (e) {
          const msg = `Malformed JSON: ${(e as Error).message}`
          return fail(validationResponse(c, [{ loc: ['body'], msg, type: 'json_invalid' }]))
        }
        return respond(c, await service.answer({ endpoint, body: body.text, value }, opts(c)))
      }),
    )
  }

  for (const endpoint of ['point', 'address'] as const) {
    app.get(
      `/${endpoint}`,
      guarded(guard, endpoint, async (c) =>
        respond(c, await service.answer({ endpoint, search: new URL(c.req.url).search }, opts(c))),
      ),
    )
  }

  return app
}

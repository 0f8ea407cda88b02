/**
 * `GET /parse-query?q=<sentence>` (our extension, issue 43): the sentence as the ordinary search —
 * filter rows in the spec's filter-item shape (the scope's rows included, so the answer can be sent
 * to POST /parcels/query as it is), the scope, the area the words name, the order, the theme, the
 * words not placed with their spans and reasons, and the Plat link. Any valid, active key, never
 * charged (like /coverage): it reads no parcels. The parser never throws; any text is a 200.
 */
import { Hono } from 'hono'
import { parseWords } from '../../contract/words/parse-words'
import { searchFilters } from '../../contract/words/search-filters'
import type { KeyGuard } from '../auth/key-guard'
import { errorResponse, validationResponse } from '../http-kit/responses'
import { censusCounties } from './census-counties'
import { wordsLink } from './words-link'

export function parseQueryRoutes(guard: KeyGuard) {
  const app = new Hono()
  app.get('/parse-query', async (c) => {
    const check = await guard.free(c.req.header('authorization'), null, c.req.raw.signal)
    if (!check.ok) return errorResponse(c, check.status, check.detail)
    const q = c.req.query('q')
    if (q === undefined) {
      return validationResponse(c, [{ loc: ['query', 'q'], msg: 'required: the question in words', type: 'missing' }])
    }
    const parse = parseWords(q, censusCounties())
    const filters = searchFilters(parse)
    const spans = [
      ...parse.filters.map((f) => f.span),
      ...(parse.scope ? [parse.scope.span] : []),
      ...(parse.scope?.kind === 'county' ? [parse.scope.span] : []),
    ]
    return c.json({
      filters,
      spans,
      scope: parse.scope,
      area: parse.area,
      order: parse.order,
      theme: parse.theme,
      unknown: parse.unknown,
      link: wordsLink(parse, filters),
    })
  })
  return app
}

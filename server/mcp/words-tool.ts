/**
 * "Search in words" (issue 43): a sentence read as a Plat search by `GET /parse-query` (free, any
 * valid key): the filters in the spec's filter-item shape (the scope's rows included, ready for
 * query_parcels), the county or state, the area, sort and theme the words name, the words not
 * placed with their reasons, and the Plat link that opens the search set up — not run, so the
 * person checks it first. It reads no parcels, so it has no count: its answer is not a ToolAnswer.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { z } from 'zod'
import type { FilterItem } from '../../contract/schemas'
import type { WordsArea, WordsOrder, WordsPlace, WordsTheme, WordsUnknown } from '../../contract/words/words-types'
import { ApiRefusal, type PlatCalls } from './plat-calls'
import { plural } from './tool-answer'

const wordsInput = {
  words: z
    .string()
    .min(1)
    .max(10_000)
    .describe('The question as a person says it: "corn over 80 acres in Story County, largest first".'),
}
const wordsSchema = z.object(wordsInput)

/** GET /parse-query's answer (server/words/parse-query-routes.ts). */
interface ParseAnswer {
  filters: FilterItem[]
  scope: WordsPlace | null
  area: WordsArea | null
  order: WordsOrder | null
  theme: WordsTheme | null
  unknown: WordsUnknown[]
  link: string
}

async function searchInWords(
  input: z.output<typeof wordsSchema>,
  appUrl: string,
  calls: PlatCalls,
): Promise<CallToolResult> {
  try {
    const p = await calls.call<ParseAnswer>({ method: 'GET', path: '/parse-query', query: { q: input.words } })
    const link = `${appUrl.replace(/\/+$/, '')}${p.link}`
    const where = p.scope ? ` in ${p.scope.name}${p.scope.kind === 'county' ? `, ${p.scope.state}` : ''}` : ''
    const left = p.unknown.map((u) => `"${u.text}"${u.reason ? ` (${u.reason})` : ''}`)
    const lines = [
      `Read as ${plural(p.filters.length, 'filter')}${where}: ${JSON.stringify(p.filters)}.`,
      p.area ? `The words name an area (${p.area.kind}) the app sets up when the link is opened.` : '',
      left.length ? `Not understood, left out: ${left.join('; ')}.` : 'Every word was placed.',
      'Spent: no API call (GET /parse-query is free).',
      `Open in Plat (set up, not run): ${link}`,
    ]
    return {
      content: [{ type: 'text', text: lines.filter(Boolean).join('\n') }],
      structuredContent: {
        filters: p.filters,
        scope: p.scope,
        area: p.area,
        order: p.order,
        theme: p.theme,
        unknown: p.unknown,
        link,
        calls: { ...calls.tally },
      },
    }
  } catch (e) {
    if (!(e instanceof ApiRefusal)) throw e
    return {
      isError: true,
      content: [{ type: 'text', text: `Plat refused this (HTTP ${e.status}): ${e.detail}` }],
      structuredContent: { status: e.status, detail: e.detail, calls: { ...calls.tally } },
    }
  }
}

/** The tool as the MCP server lists it (one line in mcp-server.ts). */
export function registerWordsTool(server: McpServer, calls: () => PlatCalls, appUrl: string): void {
  server.registerTool(
    'search_in_words',
    {
      title: 'Search in words',
      description:
        'A question in words read as a Plat search, without a model: the filters (the Parcel API filter items, ready for query_parcels), the county or state, area, sort and theme it names, and the words it could not place with the reason. Free: it reads no parcels. The Plat link opens the search set up, for the person to check and run.',
      inputSchema: wordsInput,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (input) => searchInWords(input, appUrl, calls()),
  )
}

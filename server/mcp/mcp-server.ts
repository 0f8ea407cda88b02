/**
 * Plat's MCP server (issue 42): the tools an assistant calls, on the official SDK. Transport-free:
 * `npm run mcp` connects it to stdio and `/mcp` to Streamable HTTP; both give it `calls()`, a fresh
 * tally of API calls per tool answer, made with the caller's key.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { areaInput, parcelsInArea } from './area-tool'
import { changesInput, countyChanges } from './changes-tool'
import { comparableSales, compsInput } from './comps-tool'
import { holdingsInput, ownerHoldings } from './holdings-tool'
import { addressInput, parcelAtPoint, parcelsAtAddress, pointInput, queryInput, queryParcels } from './lookup-tools'
import type { PlatCalls } from './plat-calls'
import { answerWith } from './tool-answer'
import { registerWordsTool } from './words-tool'

/** The tool set's version (not the app's): it changes when a tool's input or answer does. */
export const PLAT_MCP_VERSION = '1.0.0'

export interface PlatMcpOptions {
  /** A new call tally for one tool answer. */
  calls: () => PlatCalls
  /** Where the app is served: the links' base. */
  appUrl: string
  version: string
}

const READ_ONLY = { readOnlyHint: true, openWorldHint: false } as const
const EACH =
  ' The answer gives the count, the API calls it spent of the key’s allowance, and a Plat link that reopens it in the app.'

export function createPlatMcpServer({ calls, appUrl, version }: PlatMcpOptions): McpServer {
  const server = new McpServer({ name: 'plat', version })
  server.registerTool(
    'parcels_in_area',
    {
      title: 'Parcels in an area',
      description: `The parcels in a GeoJSON area, a bounding box, or a county (give exactly one).${EACH}`,
      inputSchema: areaInput,
      annotations: READ_ONLY,
    },
    (input) => answerWith(calls(), parcelsInArea(input, appUrl)),
  )
  server.registerTool(
    'query_parcels',
    {
      title: 'Query parcels',
      description: `Parcel records matching filters (POST /parcels/query: fields and operators as the Parcel API defines them), sorted and paged; count is the total number of matches.${EACH}`,
      inputSchema: queryInput,
      annotations: READ_ONLY,
    },
    (input) => answerWith(calls(), queryParcels(input, appUrl)),
  )
  server.registerTool(
    'parcel_at_point',
    {
      title: 'Parcel at a point',
      description: `The parcels whose boundary contains or touches a latitude/longitude.${EACH}`,
      inputSchema: pointInput,
      annotations: READ_ONLY,
    },
    (input) => answerWith(calls(), parcelAtPoint(input, appUrl)),
  )
  server.registerTool(
    'parcels_at_address',
    {
      title: 'Parcels at an address',
      description: `Parcels matching a street address, best match first.${EACH}`,
      inputSchema: addressInput,
      annotations: READ_ONLY,
    },
    (input) => answerWith(calls(), parcelsAtAddress(input, appUrl)),
  )
  server.registerTool(
    'comparable_sales',
    {
      title: 'Comparable sales',
      description: `Comparable sales for a parcel as Plat's comps panel finds and ranks them: sales near it ranked by similarity (distance, size, land use, crop, soil, recency), the indicated value (weighted median of the closest comps) with its n, years and valuation date. An estimate from public sales, not an appraisal.${EACH}`,
      inputSchema: compsInput,
      annotations: READ_ONLY,
    },
    (input) => answerWith(calls(), comparableSales(input, appUrl)),
  )
  server.registerTool(
    'owner_holdings',
    {
      title: 'An owner’s holdings',
      description: `The parcels of an owner in a state (or one county), with their acres and assessed value added up.${EACH}`,
      inputSchema: holdingsInput,
      annotations: READ_ONLY,
    },
    (input) => answerWith(calls(), ownerHoldings(input, appUrl)),
  )
  server.registerTool(
    'county_changes',
    {
      title: 'What changed in a county',
      description: `What the county's reloads changed since a data version (splits, merges, sales, new owners, values): GET /changes, free.${EACH}`,
      inputSchema: changesInput,
      annotations: READ_ONLY,
    },
    (input) => answerWith(calls(), countyChanges(input, appUrl)),
  )
  registerWordsTool(server, calls, appUrl)
  return server
}

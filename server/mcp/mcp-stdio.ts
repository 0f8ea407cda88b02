/**
 * `npm run mcp`: Plat's MCP server on stdio, for an assistant that starts it as a local process
 * (Claude Desktop and the like; docs/mcp.md). It calls a Plat server over HTTP — `PLAT_URL`, with
 * the key `PLAT_API_KEY` — exactly as the app does; `PLAT_APP_URL` sets the links' base where the
 * app is served elsewhere. stdout is the protocol's: everything else goes to stderr.
 */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'
import { createPlatMcpServer, PLAT_MCP_VERSION } from './mcp-server'
import { platCalls } from './plat-calls'

const url = process.env.PLAT_URL?.trim()
const key = process.env.PLAT_API_KEY?.trim()
if (!url || !key) {
  console.error('npm run mcp needs PLAT_URL (a Plat server, e.g. http://localhost:8787) and PLAT_API_KEY (its key).')
  process.exit(2)
}
const baseUrl = url
const server = createPlatMcpServer({
  calls: () => platCalls((request) => fetch(request), baseUrl, `Bearer ${key}`),
  appUrl: process.env.PLAT_APP_URL?.trim() || baseUrl,
  version: PLAT_MCP_VERSION,
})
await server.connect(new StdioServerTransport())
console.error(`Plat MCP server on stdio, calling ${baseUrl}`)

/**
 * `/mcp`: the MCP server over Streamable HTTP, stateless (a server and transport per request, so
 * any instance behind a load balancer can answer any call). The bearer key is required and checked
 * like the API's (401 without one, 403 inactive), and every tool call goes through the app itself
 * with that same key, so plans, scopes and the monthly allowance apply as to any API client.
 */
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'
import { Hono } from 'hono'
import type { KeyGuard } from '../auth/key-guard'
import { errorResponse } from '../http-kit/responses'
import { createPlatMcpServer, PLAT_MCP_VERSION } from './mcp-server'
import { type Fetcher, platCalls } from './plat-calls'

export function mcpRoutes(guard: KeyGuard, fetchSelf: Fetcher) {
  const app = new Hono()
  app.all('/mcp', async (c) => {
    const authorization = c.req.header('authorization')
    // No plan names /mcp: the tools' own calls are checked against the key's plan one by one.
    const checked = await guard.free(authorization, null, c.req.raw.signal)
    if (!checked.ok) return errorResponse(c, checked.status, checked.detail)
    const origin = new URL(c.req.url).origin
    const server = createPlatMcpServer({
      calls: () => platCalls(fetchSelf, origin, authorization),
      appUrl: origin,
      version: PLAT_MCP_VERSION,
    })
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    })
    await server.connect(transport)
    const res = await transport.handleRequest(c.req.raw)
    res.headers.set('cache-control', 'no-store')
    return res
  })
  return app
}

/** The SDK's own MCP client, connected to Plat over Streamable HTTP or stdio, for the MCP tests. */
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { ROOT } from './spawn-server'

export interface ToolReply {
  isError: boolean
  text: string
  // biome-ignore lint/suspicious/noExplicitAny: a tool's structured answer, read field by field in the tests
  data: any
}

export async function httpClient(baseUrl: string, key: string | null): Promise<Client> {
  const client = new Client({ name: 'plat-test', version: '1.0.0' })
  const headers: Record<string, string> = key ? { authorization: `Bearer ${key}` } : {}
  await client.connect(new StreamableHTTPClientTransport(new URL('/mcp', baseUrl), { requestInit: { headers } }))
  return client
}

/** `npm run mcp` as an assistant starts it: a child process on stdio, calling the server over HTTP. */
export async function stdioClient(baseUrl: string, key: string): Promise<Client> {
  const client = new Client({ name: 'plat-test', version: '1.0.0' })
  const env = { ...(process.env as Record<string, string>), PLAT_URL: baseUrl, PLAT_API_KEY: key }
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ['--import', 'tsx', 'server/mcp/mcp-stdio.ts'],
    cwd: ROOT,
    env,
    stderr: 'pipe',
  })
  await client.connect(transport)
  return client
}

export async function callTool(client: Client, name: string, args: Record<string, unknown>): Promise<ToolReply> {
  const res = await client.callTool({ name, arguments: args })
  const content = (res.content ?? []) as { type: string; text?: string }[]
  return {
    isError: res.isError === true,
    text: content.map((c) => c.text ?? '').join('\n'),
    data: res.structuredContent,
  }
}

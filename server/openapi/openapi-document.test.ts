import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { type AppDeps, createApp } from '../app'
import { openApiDocument } from './openapi-document'

/** The app's routes as built in each mode (no handler runs: the deps are never called). */
function servedPaths(parcels: AppDeps['parcels']): string[] {
  const app = createApp({
    parcels,
    guard: {} as AppDeps['guard'],
    demoKey: null,
    staticDir: null,
    logRequests: false,
    corsOrigins: [],
    cspConnectSrc: [],
    ready: async () => ({ ready: true }),
  })
  const paths = app.routes
    // The reference page's own files (/docs/…) are the page, not the API.
    .filter((r) => (r.method === 'GET' || r.method === 'POST') && !r.path.includes('*') && !r.path.startsWith('/docs/'))
    .map((r) => r.path.replace(/:(\w+)/g, '{$1}'))
  return [...new Set(paths)]
}

const documented = () => Object.keys(openApiDocument().paths ?? {}).map((p) => p.replace(/\.mvt$/, ''))

describe('the OpenAPI document', () => {
  it('describes every GET and POST route the app mounts, in local and in proxy mode', () => {
    const local = servedPaths({ mode: 'local', repo: {}, tiles: {}, changes: {}, watches: {} } as AppDeps['parcels'])
    const operator = new Hono().get('/usage', (c) => c.text(''))
    const proxy = servedPaths({ mode: 'proxy', proxy: { service: {}, operatorRoutes: operator } } as never)
    expect(local).toContain('/parcels/query')
    expect(proxy).toContain('/proxy/usage')
    for (const path of [...local, ...proxy]) expect(documented(), path).toContain(path)
  })

  it("names the spec's rules: operators by field group, the scope rule, error bodies and bearer keys", () => {
    const doc = openApiDocument()
    const query = doc.paths?.['/parcels/query']?.post
    expect(query?.description).toContain('operators `ilike`, `eq`, `ne`, `in`, `nin`, `isnull`')
    expect(query?.description).toContain('missing required scope')
    expect(Object.keys(query?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '400', '401', '403', '422', '429']),
    )
    expect(doc.components?.securitySchemes?.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' })
    expect(doc.components?.schemas?.ValidationErrorBody).toBeDefined()
  })
})

/**
 * `GET /openapi.json` (the document) and `GET /docs` (Swagger UI rendering it, its files served from
 * the swagger-ui-dist package, so the page needs no network). No key: the document describes the
 * API, it holds no data. Answers carry an ETag and `no-cache`, so a revisit costs a 304.
 */
import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import type { Context } from 'hono'
import { Hono } from 'hono'
import { openApiDocument } from './openapi-document'

interface Fixed {
  body: string
  type: string
  etag: string
}

const fixed = (body: string, type: string): Fixed => ({
  body,
  type,
  etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
})

function answer(c: Context, f: Fixed) {
  const headers = { etag: f.etag, 'cache-control': 'no-cache' }
  const asked = c.req.header('if-none-match')
  if (asked?.split(',').some((t) => t.trim().replace(/^W\//, '') === f.etag)) return c.body(null, 304, headers)
  return c.body(f.body, 200, { ...headers, 'content-type': f.type })
}

/** The page: Swagger UI's files by absolute path (the page is `/docs`, not `/docs/`), its start in a file (CSP: no inline script). */
const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Plat Parcel API — reference</title>
<link rel="stylesheet" href="/docs/swagger-ui.css">
</head>
<body>
<main id="swagger-ui"></main>
<script src="/docs/swagger-ui-bundle.js"></script>
<script src="/docs/docs-start.js"></script>
</body>
</html>
`

// validatorUrl null: Swagger UI would otherwise send the document to validator.swagger.io.
const START = `window.ui = SwaggerUIBundle({
  url: '/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  validatorUrl: null,
  presets: [SwaggerUIBundle.presets.apis],
  layout: 'BaseLayout',
})
`

const JS = 'text/javascript; charset=utf-8'
const SWAGGER_FILES: Record<string, string> = {
  'swagger-ui-bundle.js': JS,
  'swagger-ui.css': 'text/css; charset=utf-8',
}

const swaggerDir = () => dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'))

export function openApiRoutes() {
  const app = new Hono()
  let document: Fixed | undefined
  const files = new Map<string, Promise<Fixed>>()
  const page = fixed(PAGE, 'text/html; charset=utf-8')
  const start = fixed(START, JS)

  app.get('/openapi.json', (c) => {
    document ??= fixed(JSON.stringify(openApiDocument()), 'application/json')
    return answer(c, document)
  })
  app.get('/docs', (c) => answer(c, page))
  app.get('/docs/docs-start.js', (c) => answer(c, start))
  app.get('/docs/:file', async (c) => {
    const name = c.req.param('file')
    const type = SWAGGER_FILES[name]
    if (!type) return c.notFound()
    let file = files.get(name)
    if (!file) {
      file = readFile(join(swaggerDir(), name), 'utf8').then((text) => fixed(text, type))
      files.set(name, file)
    }
    return answer(c, await file)
  })
  return app
}

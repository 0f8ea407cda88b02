/**
 * The OpenAPI 3.1 document of this server, generated from the contract's zod schemas
 * (@asteasolutions/zod-to-openapi), so it cannot say other than what the server checks. Built once
 * per process; `GET /openapi.json` serves it and `npm run lint:openapi` lints it.
 */
import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi'
import { registerExtensionPaths } from './extension-paths'
import { PARAMETER_EXAMPLES } from './openapi-examples'
import { registerParcelPaths } from './parcel-paths'
import { registerWatchPaths } from './watch-paths'

type Document = ReturnType<OpenApiGeneratorV31['generateDocument']>

const DESCRIPTION = `Parcel records for the United States: the Parcel Data Lookup API (area search, query, point and address lookup) and this server's extensions (parcel tiles, coverage, change log, a sentence as a search).

Every parcel endpoint takes an API key as a bearer credential (\`Authorization: Bearer <key>\`). A server started with \`npm start\` runs on demo data (four counties in Iowa, California and Kansas) and gives its demo key at \`GET /demo-key\`; the examples here answer with parcels on it.

Errors are \`{"detail": "…"}\`, except 422: \`{"detail": [{"loc": […], "msg": "…", "type": "…"}]}\`. Guides: docs/api.md in the repository.`

/** Keeps the parameter examples beside the other examples (openapi-examples.ts) rather than in the contract. */
function addParameterExamples(doc: Document): void {
  for (const [path, examples] of Object.entries(PARAMETER_EXAMPLES)) {
    for (const operation of Object.values(doc.paths?.[path] ?? {})) {
      const parameters = (operation as { parameters?: { name: string; example?: unknown }[] }).parameters ?? []
      for (const p of parameters) if (p.name in examples) p.example = examples[p.name]
    }
  }
}

function build(): Document {
  const registry = new OpenAPIRegistry()
  registry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    description: 'An API key: `npm run keys -- create`, or the demo key (`GET /demo-key`).',
  })
  registerParcelPaths(registry)
  registerExtensionPaths(registry)
  registerWatchPaths(registry)
  const doc = new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Plat Parcel API',
      // The spec's version label (shared/spec/parcel-api.md "Versioning"); our extensions add to it.
      version: '1.0.0',
      description: DESCRIPTION,
    },
    // Relative: the document describes the server that serves it, wherever it runs.
    servers: [{ url: '/', description: 'this server' }],
    security: [{ bearerAuth: [] }],
    tags: [
      { name: 'Parcels', description: "The spec's four endpoints." },
      { name: 'Map', description: 'Parcel tiles, coverage and the change log (our extensions; not in proxy mode).' },
      { name: 'Words', description: 'A sentence as a search (our extension).' },
      { name: 'Operator', description: 'Proxy mode only.' },
      { name: 'Server', description: 'Health, readiness, the demo key, this document.' },
    ],
  })
  addParameterExamples(doc)
  return doc
}

let built: Document | undefined

export function openApiDocument(): Document {
  built ??= build()
  return built
}

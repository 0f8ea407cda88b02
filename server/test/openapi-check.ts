/**
 * Checks answers against the OpenAPI document the server serves: the status is documented for the
 * operation, the content type is one it lists, and a JSON body validates against its schema with
 * ajv (JSON Schema 2020-12, OpenAPI 3.1's dialect). Used by openapi*.api.test.ts.
 */

import type { ValidateFunction } from 'ajv'
import { Ajv2020 } from 'ajv/dist/2020'
import addFormats from 'ajv-formats'
import { expect } from 'vitest'
import type { ApiResponse } from './http'

export interface Operation {
  parameters?: { name: string; in: string; example?: unknown }[]
  requestBody?: { content: Record<string, { examples?: Record<string, { value: unknown }> }> }
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>
}
interface Doc {
  openapi: string
  paths: Record<string, Record<string, Operation>>
  components: { schemas: Record<string, unknown> }
}

const DEFS = 'https://plat.invalid/openapi'

/** The document's `#/components/schemas/X` refs as refs into one 2020-12 schema holding them all. */
const toAjv = (schema: unknown): unknown =>
  JSON.parse(JSON.stringify(schema).replaceAll('"#/components/schemas/', `"${DEFS}#/$defs/`))

export type OpenApiChecker = ReturnType<typeof openApiChecker>

export function openApiChecker(served: unknown) {
  const doc = served as Doc
  const ajv = new Ajv2020({ strict: false, allErrors: true })
  addFormats(ajv)
  ajv.addSchema({ $id: DEFS, $defs: toAjv(doc.components.schemas) as object })
  const compiled = new Map<string, ValidateFunction>()

  const operation = (method: string, path: string): Operation => {
    const op = doc.paths[path]?.[method]
    if (!op) throw new Error(`${method.toUpperCase()} ${path} is not in the document`)
    return op
  }

  /** The answer's status is documented for the operation, and its body is what the document says. */
  function expectDocumented(res: ApiResponse, method: 'get' | 'post', path: string): void {
    const what = `${method.toUpperCase()} ${path} → ${res.status} ${res.text.slice(0, 300)}`
    const documented = operation(method, path).responses[String(res.status)]
    expect(documented, `status not documented: ${what}`).toBeDefined()
    const content = documented?.content
    if (!content) {
      expect(res.text, what).toBe('')
      return
    }
    const type = (res.headers.get('content-type') ?? '').split(';')[0] ?? ''
    expect(Object.keys(content), what).toContain(type)
    if (type !== 'application/json') return
    const key = `${method} ${path} ${res.status}`
    let validate = compiled.get(key)
    if (!validate) {
      validate = ajv.compile(toAjv(content[type]?.schema) as object)
      compiled.set(key, validate)
    }
    expect(validate(res.body), `${what}\n${JSON.stringify(validate.errors?.slice(0, 5), null, 1)}`).toBe(true)
  }

  return { doc, operation, expectDocumented }
}

/** Minimal HTTP helpers for the api tests: every call names its key (or none) explicitly. */
import { inject } from 'vitest'
import type { TestKeys } from './context'

export type KeyName = keyof TestKeys

export const baseUrl = (): string => inject('baseUrl')
export const keyOf = (name: KeyName): string => inject('keys')[name]

export interface ApiResponse<T = unknown> {
  status: number
  /** parsed JSON, or undefined when the body is not JSON */
  body: T
  text: string
  headers: Headers
}

export interface CallOptions {
  /** a key name, a raw key value, or null for no Authorization header; default the full key */
  key?: KeyName | { raw: string } | null
  /** overrides the Authorization header entirely */
  authorization?: string
  /** sent as is (no JSON.stringify) */
  rawBody?: string
  timeoutMs?: number
}

export async function call<T = unknown>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
  options: CallOptions = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = {}
  const key = options.key === undefined ? 'full' : options.key
  if (options.authorization !== undefined) headers.authorization = options.authorization
  else if (key !== null) headers.authorization = `Bearer ${typeof key === 'string' ? keyOf(key) : key.raw}`
  let payload: string | undefined
  if (options.rawBody !== undefined) payload = options.rawBody
  else if (body !== undefined) payload = JSON.stringify(body)
  if (payload !== undefined) headers['content-type'] = 'application/json'
  const res = await fetch(`${baseUrl()}${path}`, {
    method,
    headers,
    body: payload,
    signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
  })
  const text = await res.text()
  let parsed: unknown
  try {
    parsed = text.length ? JSON.parse(text) : undefined
  } catch {
    parsed = undefined
  }
  return { status: res.status, body: parsed as T, text, headers: res.headers }
}

export const post = <T = unknown>(path: string, body: unknown, options?: CallOptions) =>
  call<T>('POST', path, body, options)

export const get = <T = unknown>(
  path: string,
  params: Record<string, string | number | boolean | undefined> = {},
  options?: CallOptions,
) => {
  const qs = new URLSearchParams()
  for (const [k, v] of Object.entries(params)) if (v !== undefined) qs.set(k, String(v))
  const query = qs.toString()
  return call<T>('GET', query ? `${path}?${query}` : path, undefined, options)
}

/** A short description of a response for assertion messages. */
export const show = (res: ApiResponse): string => `${res.status} ${res.text.slice(0, 600)}`

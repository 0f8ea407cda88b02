/**
 * Proxy mode's cache keeps only answers of the spec's shape, and the operator can empty it
 * (issue 19: `{"foo":1,"results":"nope"}` was cached for 7 days as a point answer, also under
 * reordered parameters, and nothing could remove it).
 */
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { type FakeUpstream, startFakeUpstream } from '../proxy/fake-upstream.test-support'
import { type ProxyServer, type Sent, send, startProxy } from './proxy-pair.test-support'
import { ROOT, type SpawnedServer, spawnServer } from './spawn-server'

const backend = inject('backend')
const run = promisify(execFile)
const show = (r: Sent) => `${r.status} ${r.text.slice(0, 400)}`
const POINT = '{"results":[{"svc_uuid":"p-1","acres":1}],"count":1}'

describe(`proxy cache: shape check and purge (${backend})`, () => {
  let fake: FakeUpstream
  let proxy: ProxyServer
  let server: SpawnedServer
  const ask = (path: string) => send(server.baseUrl, path, { key: proxy.keys.caller })
  const cli = async (args: string[]) =>
    (
      await run(process.execPath, ['scripts/run-cli.mjs', 'proxy-cache', ...args], {
        cwd: ROOT,
        env: proxy.own.env,
        timeout: 170_000,
      })
    ).stdout
  /** Answers `path` under `body` and says how many calls reached the upstream. */
  async function under(body: string, path: string) {
    fake.received.length = 0
    fake.behave(() => ({ status: 200, body }))
    const res = await ask(path)
    return { res, calls: fake.received.length }
  }

  beforeAll(async () => {
    fake = await startFakeUpstream()
    proxy = await startProxy(backend, { url: fake.url, key: 'hosted-key-for-cache-test' })
    server = proxy.server
  }, 300_000)
  afterAll(async () => {
    await server?.stop()
    await proxy?.own.cleanup()
    await fake?.close()
  })

  it('a malformed point 200 is 502 and not cached: the same question, reordered, asks upstream again', async () => {
    const bad = await under('{"foo":1,"results":"nope"}', '/parcels/point?lat=42.03&lon=-93.62')
    expect(bad.res.status, show(bad.res)).toBe(502)
    expect(bad.res.text).toContain('results is not a list of records')
    const again = await under(POINT, '/parcels/point?lon=-93.62&lat=42.03')
    expect(again.res.status, show(again.res)).toBe(200)
    expect(again.calls).toBe(1)
    // The good answer is cached: asked again (in either order), the upstream is not called.
    expect((await under(POINT, '/parcels/point?lat=42.03&lon=-93.62')).calls).toBe(0)
  })

  it('a malformed address 200 is not cached either', async () => {
    const bad = await under('{"foo":1}', '/parcels/address?address=1%20Main%20St')
    expect(bad.res.status, show(bad.res)).toBe(502)
    expect((await under(POINT, '/parcels/address?address=1%20Main%20St')).calls).toBe(1)
  })

  it('npm run proxy-cache purges one endpoint, then everything; the next question asks upstream', async () => {
    fake.behave(() => ({ status: 200, body: '{"results":[],"count":0,"limit":20,"offset":0}' }))
    const query = await send(server.baseUrl, '/parcels/query', { key: proxy.keys.caller, body: { limit: 20 } })
    expect(query.status, show(query)).toBe(200)
    // The embedded database is one process's: the CLI runs while the server is stopped.
    if (backend === 'embedded') await server.stop()
    expect(await cli(['stats'])).toMatch(/point\s+1 answers/)
    expect(await cli(['purge', '--endpoint', 'point'])).toContain('Removed 1 cached answer(s) of point')
    const left = await cli(['stats'])
    expect(left).not.toMatch(/point/)
    expect(left).toMatch(/address\s+1 answers/)
    expect(left).toMatch(/query\s+1 answers/)
    if (backend === 'embedded') server = await spawnServer(proxy.own.env)
    expect((await under(POINT, '/parcels/point?lat=42.03&lon=-93.62')).calls).toBe(1)
    expect((await under(POINT, '/parcels/address?address=1%20Main%20St')).calls).toBe(0)

    if (backend === 'embedded') await server.stop()
    expect(await cli(['purge'])).toMatch(/Removed [1-9]\d* cached answer\(s\);/)
    expect(await cli(['stats'])).toContain('The proxy cache is empty.')
    if (backend === 'embedded') server = await spawnServer(proxy.own.env)
    expect((await under(POINT, '/parcels/address?address=1%20Main%20St')).calls).toBe(1)
  }, 300_000)

  it('refuses an unknown endpoint with the list of known ones', async () => {
    await expect(cli(['purge', '--endpoint', 'tiles'])).rejects.toMatchObject({
      stderr: expect.stringContaining('--endpoint takes one of area, query, point, address'),
    })
  })
})

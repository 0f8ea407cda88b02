import { describe, expect, it } from 'vitest'
import { InFlight } from './in-flight'

describe('InFlight', () => {
  it('waits for the running work', async () => {
    const f = new InFlight()
    let done = false
    f.start(
      new Promise((ok) => setTimeout(ok, 20)).then(() => {
        done = true
      }),
    )
    await f.settled()
    expect(done).toBe(true)
  })

  it('rethrows a failure at the next settled(), not as an unhandled rejection', async () => {
    const f = new InFlight()
    f.start(Promise.reject(new Error('refused')))
    await new Promise((ok) => setTimeout(ok, 10))
    await expect(f.settled()).rejects.toThrow('refused')
  })
})

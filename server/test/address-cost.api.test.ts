/**
 * Address text too vague to search by is refused up front (issue 39 §1): "a", "0", "%" or a hundred
 * emoji hold no trigram for the address index, so the lookup scanned every parcel and, looped by one
 * client, starved point lookups. A 422 in the spec's validation shape, at ["query","address"].
 */
import { describe, expect, it } from 'vitest'
import { ValidationErrorBodySchema } from '../../contract/errors'
import { expect422At } from './checks'
import { get, show } from './http'

describe('GET /parcels/address with too few letters or digits', () => {
  for (const address of ['a', '0', '12', '%', '_', '\\', '😀'.repeat(100), ' - # , ']) {
    it(`${JSON.stringify(address.slice(0, 12))} → 422 at ["query","address"], saying why`, async () => {
      const res = await get('/parcels/address', { address })
      expect422At(res, ['query', 'address'])
      expect(ValidationErrorBodySchema.parse(res.body).detail[0]!.msg).toMatch(/at least 3 letters or digits/)
    })
  }

  it('three letters or digits are enough', async () => {
    for (const address of ['100', 'Elm', '1 Main']) {
      const res = await get('/parcels/address', { address })
      expect(res.status, show(res)).toBe(200)
    }
  })
})

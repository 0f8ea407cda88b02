import { describe, expect, it } from 'vitest'
import { MappingError, parseMapping, resolveMapping } from './mapping'

describe('mapping', () => {
  it('takes one attribute or a list (joined) per field', () => {
    expect(parseMapping({ owner: 'OWNER1', situs: ['ADDR_NO', 'ADDR_ST'] })).toEqual({
      owner: ['OWNER1'],
      situs: ['ADDR_NO', 'ADDR_ST'],
    })
  })

  it('refuses unknown fields, derived fields, lists on numbers and non-objects, naming each', () => {
    expect(() => parseMapping({ ownr: 'X' })).toThrow(/"ownr" is not a Plat field \(mappable: owner, parcel_id/)
    expect(() => parseMapping({ svc_uuid: 'ID', acres_calc: 'A' })).toThrow(/"svc_uuid" is computed.*\n.*"acres_calc"/s)
    expect(() => parseMapping({ acres: ['A', 'B'] })).toThrow(/numeric/)
    expect(() => parseMapping(['owner'])).toThrow(MappingError)
    expect(() => parseMapping({ owner: 3 })).toThrow(/JSON object of field → attribute name/)
  })

  it('matches attribute names without regard to case and lists the file’s names when one is missing', () => {
    expect(resolveMapping({ owner: ['owner1'] }, ['PIN', 'OWNER1'])).toEqual({ owner: ['OWNER1'] })
    expect(() => resolveMapping({ owner: ['OWNER'], acres: ['AC'] }, ['PIN', 'OWNER1'])).toThrow(
      /owner → "OWNER", acres → "AC".*attributes: PIN, OWNER1/s,
    )
  })
})

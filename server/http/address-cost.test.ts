import { describe, expect, it } from 'vitest'
import { vagueAddress } from './address-cost'

describe('address text too vague to search by', () => {
  it('refuses fewer than 3 letters or digits, in any script, whatever else surrounds them', () => {
    expect(vagueAddress('a')?.msg).toMatch(/at least 3 letters or digits .* holds 1/)
    expect(vagueAddress('12')).not.toBeNull()
    expect(vagueAddress('😀'.repeat(100))?.loc).toEqual(['query', 'address'])
    expect(vagueAddress('# - , ./ a1')).not.toBeNull()
  })

  it('lets a real address through, including short numbers with a street and other scripts', () => {
    expect(vagueAddress('12 Main')).toBeNull()
    expect(vagueAddress('100')).toBeNull()
    expect(vagueAddress('Müß')).toBeNull()
  })
})

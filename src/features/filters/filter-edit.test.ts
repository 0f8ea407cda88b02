import { describe, expect, it } from 'vitest'
import {
  addListItems,
  changeField,
  changeOperator,
  defaultOperator,
  emptyValueFor,
  parseListText,
  parseNumberInput,
} from './filter-edit'

describe('filter editing', () => {
  it('picks a sensible default operator per group', () => {
    expect(defaultOperator('owner')).toBe('ilike')
    expect(defaultOperator('acres')).toBe('gte')
    expect(defaultOperator('state')).toBe('eq')
  })

  it('the rotation filter opens on "is" with its list, as other enum filters do (issue 37 item 10)', () => {
    expect(defaultOperator('rotation')).toBe('eq')
    expect(changeField({ field: 'owner', op: 'ilike', value: 'x' }, 'rotation')).toEqual({
      field: 'rotation',
      op: 'eq',
      value: '',
    })
    // A list operator the user chose stays.
    expect(changeField({ field: 'zoning', op: 'in', value: [] }, 'rotation').op).toBe('in')
  })

  it('empty values have the shape the operator takes', () => {
    expect(emptyValueFor('isnull')).toBe(true)
    expect(emptyValueFor('between')).toEqual([])
    expect(emptyValueFor('in')).toEqual([])
    expect(emptyValueFor('eq')).toBe('')
  })

  it('changing field keeps a still-valid operator and value', () => {
    expect(changeField({ field: 'acres', op: 'gte', value: 5 }, 'parcel_value')).toEqual({
      field: 'parcel_value',
      op: 'gte',
      value: 5,
    })
    // gte is not valid for a text field: default operator, empty value
    expect(changeField({ field: 'acres', op: 'gte', value: 5 }, 'owner')).toEqual({
      field: 'owner',
      op: 'ilike',
      value: '',
    })
    // eq survives numeric → id, and the number becomes text
    expect(changeField({ field: 'acres', op: 'eq', value: 5 }, 'zoning')).toEqual({
      field: 'zoning',
      op: 'eq',
      value: '5',
    })
    expect(changeField({ field: 'zoning', op: 'in', value: ['1', 'x'] }, 'acres')).toEqual({
      field: 'acres',
      op: 'in',
      value: [1, 'x'],
    })
  })

  it('changing operator keeps values of the same kind only', () => {
    expect(changeOperator({ field: 'acres', op: 'gte', value: 5 }, 'lt').value).toBe(5)
    expect(changeOperator({ field: 'acres', op: 'in', value: [1] }, 'nin').value).toEqual([1])
    expect(changeOperator({ field: 'acres', op: 'gte', value: 5 }, 'between').value).toEqual([])
    expect(changeOperator({ field: 'acres', op: 'gte', value: 5 }, 'isnull').value).toBe(true)
  })

  it('parses pasted lists: commas, newlines, tabs, quotes, duplicates', () => {
    expect(parseListText('IA, "IL"\nMO\tIA;;', false)).toEqual(['IA', 'IL', 'MO'])
    expect(parseListText('1, 2.5\n1,000x', true)).toEqual([1, 2.5, '000x'])
    expect(parseListText('  ', false)).toEqual([])
  })

  it('adds list items without duplicates', () => {
    expect(addListItems(['a'], ['a', 'b'])).toEqual(['a', 'b'])
    expect(addListItems(undefined, [1])).toEqual([1])
    expect(addListItems([1], ['1'])).toEqual([1, '1'])
  })

  it('number inputs become numbers when they parse', () => {
    expect(parseNumberInput('1,500')).toBe(1500)
    expect(parseNumberInput('12a')).toBe('12a')
  })
})

describe('crop selection', () => {
  const acres = { field: 'acres', op: 'gte', value: 5 }
  it('adds, updates and removes the crop filter', async () => {
    const { applyCropSelection, cropSelection } = await import('./filter-edit')
    const added = applyCropSelection([acres], ['Corn'])
    expect(added).toEqual([acres, { field: 'cdl_majority_category', op: 'in', value: ['Corn'] }])
    expect(cropSelection(added)).toEqual(['Corn'])
    const updated = applyCropSelection(added, ['Corn', 'Soybeans'])
    expect(updated[1]?.value).toEqual(['Corn', 'Soybeans'])
    expect(applyCropSelection(updated, [])).toEqual([acres])
    // a nin filter on the same field is the user's own and is left alone
    const nin = { field: 'cdl_majority_category', op: 'nin', value: ['Barren'] }
    expect(applyCropSelection([nin], ['Corn'])).toHaveLength(2)
  })
})

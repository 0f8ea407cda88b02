import { expect, it } from 'vitest'
import { parseWords } from '../../../contract/words/parse-words'
import { filterWords, wordsParts, wordsPieces } from './words-parts'

it('cuts the sentence at every edge, so overlapping parts underline the same words', () => {
  const sentence = 'soybeans after corn, sorted by sale price'
  const parse = parseWords(sentence)
  const parts = wordsParts(parse)
  expect(parts.map((p) => p.text)).toEqual([
    'Rotation is Corn–soybean',
    'Crop / land cover is Soybeans',
    'Sorted by Sale price, lowest first',
  ])
  const pieces = wordsPieces(sentence, parse, parts)
  expect(pieces.map((p) => [p.start, p.text, p.parts])).toEqual([
    [0, 'soybeans', [0, 1]],
    [8, ' after corn', [0]],
    [19, ', ', []],
    [21, 'sorted by sale price', [2]],
  ])
  expect(pieces.map((p) => p.text).join('')).toBe(sentence)
})

it('says each row in words', () => {
  expect(filterWords({ field: 'acres', op: 'between', value: [5, 20] })).toBe('Acres between 5 and 20')
  expect(filterWords({ field: 'land_use_class', op: 'eq', value: 'agricultural' })).toBe(
    'Land-use class is Agricultural',
  )
  expect(filterWords({ field: 'situs', op: 'isnull', value: true })).toMatch(/ is empty$/)
})

import { describe, expect, it } from 'vitest'
import { bomOf, ValueDecoder } from './text-decoding'

const binary = (s: string, encoding: BufferEncoding) => Buffer.from(s, encoding).toString('latin1')

describe('value decoding', () => {
  it('reads UTF-8 values as UTF-8 and the others as Windows-1252, counting only those', () => {
    const d = new ValueDecoder()
    expect(d.decode('PLAIN ASCII')).toBe('PLAIN ASCII')
    expect(d.decode(binary('MÜLLER ÆRØ', 'utf8'))).toBe('MÜLLER ÆRØ')
    expect(d.fallbacks).toBe(0)
    expect(d.decode(binary('MÜLLER ÆRØ', 'latin1'))).toBe('MÜLLER ÆRØ')
    // 0x80 and 0x92 are € and ’ in Windows-1252, control codes in Latin-1.
    expect(d.decode('\x80 5 O\x92BRIEN')).toBe('€ 5 O’BRIEN')
    expect(d.fallbacks).toBe(2)
  })

  it('names the byte order mark a file starts with', () => {
    expect(bomOf(Buffer.from('\uFEFFPIN', 'utf8'))).toEqual({ bytes: 3, encoding: 'utf8' })
    expect(bomOf(Buffer.from('\uFEFFPIN', 'utf16le'))).toEqual({ bytes: 2, encoding: 'utf16le' })
    expect(bomOf(Buffer.from([0xfe, 0xff, 0, 0x50]))).toEqual({ bytes: 2, encoding: 'utf16be' })
    expect(bomOf(Buffer.from('PIN'))).toBeNull()
  })
})

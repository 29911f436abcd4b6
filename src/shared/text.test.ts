import { describe, expect, it } from 'vitest';
import { findUnstorableText } from './text.js';

describe('findUnstorableText', () => {
  it('finds text that cannot be stored, with its path', () => {
    expect(findUnstorableText({ a: 'fine', b: ['ok', 'bad\u0000'] }, 'body')).toEqual(['body.b.1']);
  });

  it('walks any depth without recursion (the server refuses deep bodies first, but the walk does not rely on it)', () => {
    let deep: unknown = 'bad\u0000';
    for (let i = 0; i < 100_000; i += 1) deep = i % 2 ? [deep] : { a: deep };
    const [found] = findUnstorableText(deep, 'body');
    expect(found?.startsWith('body.0.a.0.a')).toBe(true);
    expect(found?.split('.').length).toBe(100_001);
  });

  it('reports in document order and stops at the limit', () => {
    const value = { x: ['\u0000', { y: '\u0000' }], z: '\u0000', w: '\u0000' };
    expect(findUnstorableText(value, 'body')).toEqual(['body.x.0', 'body.x.1.y', 'body.z', 'body.w']);
    expect(findUnstorableText(value, 'body', 2)).toEqual(['body.x.0', 'body.x.1.y']);
    expect(findUnstorableText({ ['k\u0000']: 'fine' }, 'body')).toEqual(['body.k?']);
  });

  it('leaves bytes alone: an uploaded photo is not text, and is not walked byte by byte', () => {
    // A walk would reach the property hung on the bytes (and every byte before it); none is made.
    const photo = Object.assign(new Uint8Array(2_000_000), { label: 'not\u0000stored' });
    expect(findUnstorableText(photo, 'body')).toEqual([]);
    expect(findUnstorableText({ nested: photo.buffer }, 'body')).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { findUnstorableText } from './text.js';

describe('findUnstorableText', () => {
  it('finds text that cannot be stored, with its path', () => {
    expect(findUnstorableText({ a: 'fine', b: ['ok', 'bad\u0000'] }, 'body')).toEqual(['body.b.1']);
  });

  it('leaves bytes alone: an uploaded photo is not text, and is not walked byte by byte', () => {
    // A walk would reach the property hung on the bytes (and every byte before it); none is made.
    const photo = Object.assign(new Uint8Array(2_000_000), { label: 'not\u0000stored' });
    expect(findUnstorableText(photo, 'body')).toEqual([]);
    expect(findUnstorableText({ nested: photo.buffer }, 'body')).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { draftResolver } from './form';

const schema = z.object({ message: z.string().min(1, 'Write what happened'), type: z.string().min(1, 'Choose a type'), place: z.string().min(1, 'Say where') });
const resolve = draftResolver(schema, (draft: { message: string; type: string; place: string }) => draft);

describe('draftResolver', () => {
  it('puts a message beside a field even when the field is called message or type', async () => {
    const result = await resolve({ message: '', type: '', place: '' }, undefined, { fields: {}, shouldUseNativeValidation: false });
    const messages = Object.fromEntries(Object.entries(result.errors).map(([field, error]) => [field, (error as { message?: string }).message]));
    expect(messages).toEqual({ message: 'Write what happened', type: 'Choose a type', place: 'Say where' });
  });
});

import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../tests/support/student.js';
import type { TestApp } from '../../../tests/support/test-app.js';
import { MAX_JSON_DEPTH } from './input-text.js';
import { portalTest } from '../../../tests/support/fixtures.js';

let portal: TestApp;
let student: ApiClient;
const test = portalTest({ student: { email: 'deep.student@vitbhopal.ac.in', name: 'Deep Student 21BCE10001' } });
test.beforeAll(({ portal: app, student: deep }) => {
  [portal, student] = [app, deep];
});

async function postRaw(path: string, raw: string) {
  const response = await student.http.request(`${portal.baseUrl}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-csrf-token': student.csrfToken,
      origin: portal.baseUrl,
      'idempotency-key': `deep-${Math.random().toString(36).slice(2)}`,
    },
    body: raw,
  });
  return { status: response.status, body: (await response.json()) as { error?: { code: string; message: string } } };
}

const nestedObjects = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
const nestedArrays = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('deeply nested JSON bodies', () => {
  it('refuses 8,000 nested objects with 400 body_too_deep, not 500', async () => {
    const answer = await postRaw('/api/complaints', nestedObjects(8000));
    expect(answer.status).toBe(400);
    expect(answer.body.error?.code).toBe('body_too_deep');
    expect(answer.body.error?.message).toMatch(/nested/);
  });

  it('refuses 20,000 nested arrays with 400 body_too_deep, not 500', async () => {
    const answer = await postRaw('/api/complaints', nestedArrays(20_000));
    expect(answer.status).toBe(400);
    expect(answer.body.error?.code).toBe('body_too_deep');
  });

  it('counts only brackets outside strings', async () => {
    // A description full of brackets is text, not nesting: it reaches the schema (and fails there
    // for the missing fields, not for depth).
    const answer = await postRaw('/api/complaints', JSON.stringify({ description: '[{'.repeat(5000) + '\\"[' }));
    expect(answer.status).toBe(400);
    expect(answer.body.error?.code).toBe('validation_failed');
  });

  it('accepts a body exactly at the limit and refuses one level more, on every JSON route', async () => {
    const atLimit = await postRaw('/api/notifications/read', nestedArrays(MAX_JSON_DEPTH));
    expect(atLimit.body.error?.code).not.toBe('body_too_deep');
    const over = await postRaw('/api/notifications/read', nestedArrays(MAX_JSON_DEPTH + 1));
    expect(over.status).toBe(400);
    expect(over.body.error?.code).toBe('body_too_deep');
  });

  it('still applies the text rule to what is within the limit, naming the field', async () => {
    const answer = await postRaw('/api/complaints', JSON.stringify({ description: 'a\u0000b', laundryItems: [{ name: 'x\ud800' }] }));
    expect(answer.status).toBe(400);
    expect(answer.body.error?.code).toBe('validation_failed');
    const fields = (answer.body.error as { fields?: Record<string, string> } | undefined)?.fields ?? {};
    expect(fields.description).toMatch(/cannot be stored/);
    expect(fields['laundryItems.0.name']).toMatch(/cannot be stored/);
  });
});

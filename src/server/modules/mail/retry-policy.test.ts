import { describe, expect, it } from 'vitest';
import { classifyFailure, retryDelayMs } from './retry-policy.js';

describe('mail retry policy', () => {
  it('retries network failures and SMTP 4xx, gives up on 5xx', () => {
    expect(classifyFailure(Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }))).toBe('transient');
    expect(classifyFailure(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' }))).toBe('transient');
    expect(classifyFailure(Object.assign(new Error('busy'), { responseCode: 451 }))).toBe('transient');
    expect(classifyFailure(Object.assign(new Error('no such user'), { responseCode: 550 }))).toBe('permanent');
    expect(classifyFailure(Object.assign(new Error('bad envelope'), { code: 'EENVELOPE' }))).toBe('permanent');
  });

  it('doubles the delay per attempt, caps it, and spreads it with jitter', () => {
    const mid = () => 0.5;
    expect(retryDelayMs(1, 1000, mid)).toBe(1000);
    expect(retryDelayMs(2, 1000, mid)).toBe(2000);
    expect(retryDelayMs(5, 1000, mid)).toBe(16000);
    expect(retryDelayMs(40, 1000, mid)).toBe(15 * 60_000);
    expect(retryDelayMs(1, 1000, () => 0)).toBe(750);
    expect(retryDelayMs(1, 1000, () => 1)).toBe(1250);
  });
});

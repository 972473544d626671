// The command line's switches and the Prefer keys for latency and faults.
import { describe, expect, it } from 'vitest';
import { failureResponses, planTiming, readTimingPreferences } from '../../../scripts/mock/faults.ts';
import { DEFAULT_FEATURES, parseLatency, parseRate, readFeatures } from '../../../scripts/mock/features.ts';
import type { PreparedResponse } from '../../../scripts/mock/answers.ts';
import { seededRandom } from '../../../scripts/mock/seeded-random.ts';

describe('Prefer: delay and fault', () => {
  it('reads them beside other preferences', () => {
    expect(readTimingPreferences('code=200, delay=500; fault="slow"')).toEqual({ delay: 500, fault: 'slow' });
    expect(readTimingPreferences('example=x')).toEqual({});
  });
  it('says what is wrong with a malformed one', () => {
    expect(readTimingPreferences('delay=-1').problem).toBe('Prefer delay=-1 must be milliseconds from 0 to 60000, e.g. delay=500.');
    expect(readTimingPreferences('delay=600000').problem).toMatch(/from 0 to 60000/);
    expect(readTimingPreferences('fault=boom').problem).toBe('Prefer fault=boom is not one of reset, hang, slow.');
  });
});

describe('planTiming', () => {
  const off = { latency: undefined, faultRate: 0, errorRate: 0 };
  it('does nothing unless asked', () => {
    expect(planTiming(off, undefined, Math.random)).toEqual({ delay: 0, fault: undefined, error: false });
  });
  it('keeps a latency within its range', () => {
    const random = seededRandom('l');
    for (let i = 0; i < 50; i++) {
      const { delay } = planTiming({ ...off, latency: { min: 100, max: 120 } }, undefined, random);
      expect(delay).toBeGreaterThanOrEqual(100);
      expect(delay).toBeLessThanOrEqual(120);
    }
  });
  it('lets the request’s own preferences win over the switches', () => {
    const plan = planTiming({ latency: { min: 5, max: 5 }, faultRate: 1, errorRate: 1 }, 'delay=0, fault=hang', Math.random);
    expect(plan).toEqual({ delay: 0, fault: 'hang', error: false });
  });
  it('meets every request with a fault at rate 1, and with an error at error rate 1', () => {
    expect(planTiming({ ...off, faultRate: 1 }, undefined, seededRandom('f')).fault).toMatch(/^(reset|hang|slow)$/);
    expect(planTiming({ ...off, errorRate: 1 }, undefined, seededRandom('e')).error).toBe(true);
  });
  it('picks server errors and 429 to fail with', () => {
    const r = (key: string) => ({ key }) as PreparedResponse;
    expect(failureResponses([r('200'), r('404'), r('429'), r('500'), r('5XX'), r('default')]).map((x) => x.key)).toEqual(['429', '500', '5XX']);
  });
});

describe('switches', () => {
  it('parse latencies and rates', () => {
    expect(parseLatency('300')).toEqual({ min: 300, max: 300 });
    expect(parseLatency('100-500')).toEqual({ min: 100, max: 500 });
    expect(parseLatency('500-100')).toMatch(/below its start/);
    expect(parseLatency('fast')).toMatch(/not milliseconds/);
    expect(parseRate('--fault-rate', '0.25')).toBe(0.25);
    expect(parseRate('--fault-rate', '1')).toBe(1);
    expect(parseRate('--fault-rate', '1.5')).toMatch(/from 0 to 1/);
  });
  it('are all off by default', () => {
    expect(readFeatures({})).toEqual({ ...DEFAULT_FEATURES, callbackHosts: [] });
  });
  it('read every flag; a store implies --stateful', () => {
    expect(
      readFeatures({
        state: 'redis://127.0.0.1:6390',
        seed: '42',
        dynamic: true,
        latency: '10-20',
        'fault-rate': '0.1',
        'error-rate': '0.2',
        'callback-hosts': 'Hooks.example.com, [::1], 127.0.0.1:9000, [::1]:9001, ::2, *',
        'max-sessions': '50',
        'session-ttl': '30m',
        'max-records': '200',
        'max-session-bytes': '1MiB',
        'store-timeout': '3s',
      }),
    ).toEqual({
      stateful: true,
      state: 'redis://127.0.0.1:6390',
      storeTimeoutMs: 3000,
      limits: { maxSessions: 50, sessionTtlMs: 1_800_000, maxRecords: 200, maxSessionBytes: 1_048_576 },
      seed: '42',
      dynamic: true,
      latency: { min: 10, max: 20 },
      faultRate: 0.1,
      errorRate: 0.2,
      callbacks: true,
      callbackHosts: [
        { host: 'hooks.example.com' },
        { host: '::1' },
        { host: '127.0.0.1', port: 9000 },
        { host: '::1', port: 9001 },
        { host: '::2' },
        { host: '*' },
      ],
      proxy: undefined,
      errors: false,
      record: undefined,
      examples: undefined,
    });
    expect(readFeatures({ callbacks: true })).toMatchObject({ callbacks: true, callbackHosts: [] });
    expect(readFeatures({ state: 'memory' })).toMatchObject({ stateful: true, state: undefined });
    expect(readFeatures({})).toMatchObject({ storeTimeoutMs: 500 });
    expect(readFeatures({ 'store-timeout': '2s' })).toMatchObject({ storeTimeoutMs: 2000 });
    expect(readFeatures({ 'store-timeout': '750ms' })).toMatchObject({ storeTimeoutMs: 750 });
    expect(readFeatures({ 'store-timeout': '0' })).toBe('--store-timeout must be at least 1ms.');
    expect(readFeatures({ 'store-timeout': 'soon' })).toMatch(/--store-timeout "soon" is not a duration/);
  });
  it('say what is wrong with a value', () => {
    expect(readFeatures({ state: 'postgres://x' })).toMatch(/only redis:\/\/ and rediss:\/\//);
    expect(readFeatures({ seed: ' ' })).toMatch(/--seed needs a value/);
    expect(readFeatures({ 'callback-hosts': 'a b' })).toMatch(/not a host or host:port/);
    expect(readFeatures({ 'callback-hosts': 'a:99999' })).toMatch(/not a host or host:port/);
    expect(readFeatures({ 'callback-hosts': 'http://a' })).toMatch(/not a host or host:port/);
    expect(readFeatures({ 'max-sessions': '0' })).toMatch(/--max-sessions "0" must be a whole number from 1 up/);
    expect(readFeatures({ 'session-ttl': 'soon' })).toMatch(/--session-ttl "soon" is not a duration/);
    expect(readFeatures({ 'max-session-bytes': '1TB' })).toMatch(/--max-session-bytes "1TB" is not a size/);
  });
  it('read --proxy with --errors and --record, and --examples, refusing what cannot work', () => {
    expect(readFeatures({ proxy: 'https://api.example.com/v1', errors: true, record: 'rec' })).toMatchObject({
      proxy: 'https://api.example.com/v1',
      errors: true,
      record: 'rec',
    });
    expect(readFeatures({ examples: 'rec' })).toMatchObject({ examples: 'rec', proxy: undefined });
    expect(readFeatures({ proxy: 'ftp://x' })).toMatch(/only http:\/\/ and https:\/\//);
    expect(readFeatures({ proxy: 'https://user:pw@x' })).toMatch(/credentials in the requests/);
    expect(readFeatures({ proxy: 'https://x/?a=1' })).toMatch(/without a query or fragment/);
    expect(readFeatures({ errors: true })).toMatch(/--errors needs --proxy/);
    expect(readFeatures({ record: 'rec' })).toMatch(/--record needs --proxy/);
    expect(readFeatures({ proxy: 'http://x', stateful: true })).toMatch(/--stateful and --state have nothing to keep/);
  });
});

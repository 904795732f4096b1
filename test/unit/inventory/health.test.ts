import { describe, expect, it } from 'vitest';
import { isHealthReport, readHealth, verdictOf } from '../../../src/lib/inventory/health.js';
import { UnreadableAnswerError, sourceOf } from '../../../src/lib/reading.js';

const source = { service: 'inventory', operation: 'check the inventory service health' };
const read = (body: unknown, status = 200) => readHealth(body, status, source);

describe('status words', () => {
  it('are read in any case and separator', () => {
    for (const word of ['ok', 'OK', 'Healthy', 'healthy', 'UP', 'pass', 'Connected', true])
      expect(verdictOf(word), String(word)).toBe('healthy');
    for (const word of ['Degraded', 'warn', 'WARNING', 'partially-available'])
      expect(verdictOf(word), word).toBe('degraded');
    for (const word of ['Unhealthy', 'DOWN', 'fail', 'Disconnected', 'OUT_OF_SERVICE', false])
      expect(verdictOf(word), String(word)).toBe('unhealthy');
    for (const word of ['Blue', 'UNKNOWN', '', undefined, 3]) expect(verdictOf(word), String(word)).toBeUndefined();
  });
});

describe('health reports', () => {
  it("venue's shape: the service's words kept, judged by the worst of status and database", () => {
    expect(read({ status: 'ok', database: 'connected', time: '2026-11-22T14:03:00Z' })).toMatchObject({
      verdict: 'healthy',
      view: { status: 'ok', database: 'connected', time: '2026-11-22T14:03:00Z' },
    });
    expect(read({ status: 'ok', database: 'disconnected' }).verdict).toBe('unhealthy');
    expect(read({ status: 'degraded', database: 'connected' }).verdict).toBe('degraded');
    expect(read({ status: 'ok', database: false }).view.database).toBe('disconnected');
    expect(read({ Status: 'Healthy', Database: { Status: 'Connected' } })).toMatchObject({
      verdict: 'healthy',
      view: { status: 'Healthy', database: 'Connected' },
    });
    expect(read({ data: { status: 'OK', database: 'CONNECTED' } }).verdict).toBe('healthy');
  });

  it('ASP.NET HealthChecks: entries name the checks, the database entry is the database', () => {
    const body = {
      status: 'Unhealthy',
      totalDuration: '00:00:00.01',
      entries: { AppDbContext: { status: 'Unhealthy' }, redis: { status: 'Healthy' } },
    };
    const reading = read(body, 503);
    expect(reading.verdict).toBe('unhealthy');
    expect(reading.view).toMatchObject({
      status: 'Unhealthy',
      database: 'Unhealthy',
      checks: 'AppDbContext: Unhealthy; redis: Healthy',
    });
    expect(sourceOf(reading.view)).toEqual(body);
  });

  it('Spring Actuator: components; one DOWN makes an UP report unhealthy', () => {
    expect(read({ status: 'UP', components: { db: { status: 'UP' }, ping: { status: 'UP' } } }).verdict).toBe(
      'healthy',
    );
    expect(read({ status: 'UP', components: { db: { status: 'DOWN' } } })).toMatchObject({
      verdict: 'unhealthy',
      view: { database: 'DOWN' },
    });
  });

  it('health+json: checks hold lists of results', () => {
    expect(read({ status: 'warn', checks: { 'postgres:responseTime': [{ status: 'warn' }] } })).toMatchObject({
      verdict: 'degraded',
      view: { checks: 'postgres:responseTime: warn' },
    });
  });

  it('a 5xx with a report is unhealthy whatever the report says; a word venue cannot judge is no verdict', () => {
    expect(read({ status: 'ok' }, 503).verdict).toBe('unhealthy');
    expect(read({ status: 'Blue' }).verdict).toBeUndefined();
    expect(read({ status: 'Blue', database: 'disconnected' }).verdict).toBe('unhealthy');
  });

  it('a report without a status is unreadable, never healthy', () => {
    expect(() => read({ uptime: 5 })).toThrow(UnreadableAnswerError);
    expect(isHealthReport({ uptime: 5 })).toBe(false);
    expect(isHealthReport('<html>busy</html>')).toBe(false);
    expect(isHealthReport({ error: { code: 'internal', message: 'injected fault' } })).toBe(false);
    expect(isHealthReport({ type: 'about:blank', title: 'Service Unavailable', status: 503, detail: 'busy' })).toBe(
      false,
    );
    expect(isHealthReport({ status: 'Unhealthy', entries: {} })).toBe(true);
  });
});

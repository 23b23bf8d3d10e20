import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('defaults to the embedded mode when nothing is set', () => {
    const c = loadConfig({}, '/srv/app');
    expect(c.mode).toBe('embedded');
    expect(c.port).toBe(3000);
    expect(c.dataDir).toBe(path.resolve('/srv/app', '.data'));
    expect(c.databaseUrl).toBeUndefined();
    expect(c.admin).toBeUndefined();
    expect(c.catalogueAutoload).toBe(true);
  });

  it('switches to the server mode with DATABASE_URL and parses lists and numbers', () => {
    const c = loadConfig({ DATABASE_URL: 'postgres://x@h/db', PORT: '8080', KAFKA_BROKERS: 'a:1, b:2' }, '/');
    expect(c.mode).toBe('server');
    expect(c.port).toBe(8080);
    expect(c.kafkaBrokers).toEqual(['a:1', 'b:2']);
    expect(c.kafkaTopic).toBe('scentinel.events');
    expect(c.kafkaIdempotent).toBe(true);
  });

  it('takes the Kafka topic and producer mode, and refuses a bad topic name', () => {
    const c = loadConfig(
      { KAFKA_BROKERS: 'k:9092', KAFKA_TOPIC: 'shop.events-v2', KAFKA_IDEMPOTENT: 'false' },
      '/',
    );
    expect(c.kafkaTopic).toBe('shop.events-v2');
    expect(c.kafkaIdempotent).toBe(false);
    expect(() => loadConfig({ KAFKA_TOPIC: 'no spaces' }, '/')).toThrow(/KAFKA_TOPIC/);
    expect(() => loadConfig({ KAFKA_IDEMPOTENT: 'yes' }, '/')).toThrow(/KAFKA_IDEMPOTENT/);
  });

  it('reads the scan queue and worker settings, and refuses bad ones', () => {
    const defaults = loadConfig({}, '/srv/app').scans;
    expect(defaults).toEqual({
      queueName: 'scans',
      workerConcurrency: undefined,
      lockDurationMs: undefined,
      stalledIntervalMs: undefined,
      chemicalsPath: undefined,
    });
    const c = loadConfig(
      {
        SCAN_QUEUE_NAME: 'scans-eu',
        SCAN_WORKER_CONCURRENCY: '4',
        SCAN_LOCK_MS: '120000',
        SCAN_STALLED_INTERVAL_MS: '15000',
        CHEMICALS_PATH: 'data/chemicals.json',
      },
      '/srv/app',
    ).scans;
    expect(c).toEqual({
      queueName: 'scans-eu',
      workerConcurrency: 4,
      lockDurationMs: 120_000,
      stalledIntervalMs: 15_000,
      chemicalsPath: path.resolve('/srv/app', 'data/chemicals.json'),
    });
    expect(() => loadConfig({ SCAN_WORKER_CONCURRENCY: '0' }, '/')).toThrow(/SCAN_WORKER_CONCURRENCY/);
    expect(() => loadConfig({ SCAN_LOCK_MS: 'soon' }, '/')).toThrow(/SCAN_LOCK_MS/);
    expect(() => loadConfig({ SCAN_QUEUE_NAME: 'a queue' }, '/')).toThrow(/SCAN_QUEUE_NAME/);
  });

  it('names every bad variable', () => {
    expect(() => loadConfig({ PORT: 'abc', LOG_LEVEL: 'loud' }, '/')).toThrow(ConfigError);
    try {
      loadConfig({ PORT: '70000', LOG_LEVEL: 'loud' }, '/');
    } catch (err) {
      expect(String(err)).toMatch(/PORT/);
      expect(String(err)).toMatch(/LOG_LEVEL/);
    }
  });

  it('refuses a short admin password and a half-set admin', () => {
    expect(() => loadConfig({ ADMIN_EMAIL: 'a@b.c', ADMIN_PASSWORD: 'short' }, '/')).toThrow(
      /ADMIN_PASSWORD/,
    );
    expect(() => loadConfig({ ADMIN_EMAIL: 'a@b.c' }, '/')).toThrow(/set together/);
    expect(loadConfig({ ADMIN_EMAIL: 'a@b.c', ADMIN_PASSWORD: 'long-enough-pass' }, '/').admin).toEqual({
      email: 'a@b.c',
      password: 'long-enough-pass',
    });
  });
});

// Service configuration: defaults that depend on the machine, and values refused at start.
import assert from 'node:assert/strict';
import { availableParallelism } from 'node:os';
import { test } from 'node:test';
import { loadConfig } from '../src/config.ts';

test('runs one quote worker per core at nice 10, warmed up before serving, with a 96 MiB young generation, by default', () => {
  const config = loadConfig({});
  assert.equal(config.workers, availableParallelism());
  assert.equal(config.workerNice, 10);
  assert.equal(config.workerWarmUp, true);
  assert.equal(config.workerYoungGenerationMb, 96);
});

test('takes WORKERS, WORKER_NICE, WORKER_WARM_UP and WORKER_YOUNG_GENERATION_MB from the environment', () => {
  const config = loadConfig({ WORKERS: '3', WORKER_NICE: '0', WORKER_WARM_UP: 'off', WORKER_YOUNG_GENERATION_MB: '0' });
  assert.equal(config.workers, 3);
  assert.equal(config.workerNice, 0);
  assert.equal(config.workerWarmUp, false);
  assert.equal(config.workerYoungGenerationMb, 0);
  assert.throws(() => loadConfig({ WORKER_WARM_UP: 'sometimes' }), /WORKER_WARM_UP must be on\/off/);
});

test('refuses a WORKER_YOUNG_GENERATION_MB other than 0 or 16–4096 at start', () => {
  assert.equal(loadConfig({ WORKER_YOUNG_GENERATION_MB: '16' }).workerYoungGenerationMb, 16);
  assert.equal(loadConfig({ WORKER_YOUNG_GENERATION_MB: '4096' }).workerYoungGenerationMb, 4096);
  assert.throws(() => loadConfig({ WORKER_YOUNG_GENERATION_MB: '8' }), /WORKER_YOUNG_GENERATION_MB must be 0 or between 16 and 4096, got "8"/);
  assert.throws(() => loadConfig({ WORKER_YOUNG_GENERATION_MB: '4097' }), /WORKER_YOUNG_GENERATION_MB must be 0 or between 16 and 4096, got "4097"/);
});

test('refuses a WORKER_NICE outside 0–19 at start', () => {
  assert.throws(() => loadConfig({ WORKER_NICE: '20' }), /WORKER_NICE must be between 0 and 19, got "20"/);
  assert.throws(() => loadConfig({ WORKER_NICE: '-1' }), /WORKER_NICE must be a non-negative integer, got "-1"/);
});

test('stops a quote after 10 s of computing by default, QUOTE_TIMEOUT_MS otherwise (0: never; else 1 s to 1 h)', () => {
  assert.equal(loadConfig({}).quoteTimeoutMs, 10_000);
  assert.equal(loadConfig({ QUOTE_TIMEOUT_MS: '2500' }).quoteTimeoutMs, 2_500);
  assert.equal(loadConfig({ QUOTE_TIMEOUT_MS: '0' }).quoteTimeoutMs, 0);
  assert.throws(() => loadConfig({ QUOTE_TIMEOUT_MS: '1.5' }), /QUOTE_TIMEOUT_MS must be a non-negative integer, got "1.5"/);
  assert.equal(loadConfig({ QUOTE_TIMEOUT_MS: '1000' }).quoteTimeoutMs, 1_000);
  assert.throws(() => loadConfig({ QUOTE_TIMEOUT_MS: '999' }), /QUOTE_TIMEOUT_MS must be 0 or between 1000 and 3600000, got "999"/);
  assert.throws(() => loadConfig({ QUOTE_TIMEOUT_MS: '3600001' }), /QUOTE_TIMEOUT_MS must be 0 or between 1000 and 3600000, got "3600001"/);
});

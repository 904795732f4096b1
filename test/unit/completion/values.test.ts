// Where completion's values come from: the cache file (fresh for five
// minutes, a failure remembered for twenty seconds), profiles from the config,
// and a service that does not answer in time, which completes nothing.

import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  CompletionCache,
  COMPLETION_CACHE_MAX_AGE_MS,
  COMPLETION_FAILURE_PAUSE_MS,
} from '../../../src/lib/completion-cache.js';
import { ServiceValues } from '../../../src/commands/completion/values.js';
import { tempDir } from '../../support/venue.js';

const dirs: string[] = [];
const fresh = () => {
  const dir = tempDir('venue-completion-');
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('CompletionCache', () => {
  it('gives ids back while they are younger than five minutes, per profile', () => {
    let now = 1_000_000;
    const cache = new CompletionCache(fresh(), () => now);
    cache.store('store1', 'webhook', [{ id: 'w-1', label: 'https://a.example/hook' }]);
    expect(cache.fresh('store1', 'webhook')).toEqual([{ id: 'w-1', label: 'https://a.example/hook' }]);
    expect(cache.fresh('store2', 'webhook')).toBeUndefined();
    now += COMPLETION_CACHE_MAX_AGE_MS - 1;
    expect(cache.lookup('store1', 'webhook').state).toBe('fresh');
    now += 1;
    expect(cache.lookup('store1', 'webhook').state).toBe('missing');
  });

  it('remembers a failure briefly, then asks again', () => {
    let now = 5_000_000;
    const cache = new CompletionCache(fresh(), () => now);
    cache.storeFailure('sandbox', 'location');
    expect(cache.lookup('sandbox', 'location').state).toBe('failed-recently');
    now += COMPLETION_FAILURE_PAUSE_MS;
    expect(cache.lookup('sandbox', 'location').state).toBe('missing');
  });

  it('drops expired entries when it writes, and reads a torn file as empty', () => {
    let now = 10_000_000;
    const dir = fresh();
    const cache = new CompletionCache(dir, () => now);
    cache.store('a', 'webhook', [{ id: 'old' }]);
    now += COMPLETION_CACHE_MAX_AGE_MS + 1;
    cache.store('b', 'location', [{ id: 'loc-1' }]);
    const stored = JSON.parse(fs.readFileSync(cache.file, 'utf8'));
    expect(Object.keys(stored.profiles)).toEqual(['b']);
    expect(fs.statSync(cache.file).mode & 0o777).toBe(0o600);
    fs.writeFileSync(cache.file, '{"version":1,"prof');
    expect(cache.lookup('b', 'location').state).toBe('missing');
  });
});

describe('ServiceValues', () => {
  it('lists the profiles of the config, marking the current one', async () => {
    const configDir = fresh();
    fs.writeFileSync(
      path.join(configDir, 'config.json'),
      JSON.stringify({ currentProfile: 'store1', profiles: { store1: {}, store2: {} } }),
    );
    const values = new ServiceValues({ env: { VENUE_CONFIG_DIR: configDir } });
    expect(await values.values('profile', { given: {} })).toEqual([
      { value: 'sandbox', description: undefined },
      { value: 'store1', description: 'current profile' },
      { value: 'store2', description: undefined },
    ]);
  });

  it('serves fresh ids from the cache of the profile named on the line, without asking a service', async () => {
    const configDir = fresh();
    fs.writeFileSync(
      path.join(configDir, 'config.json'),
      JSON.stringify({ profiles: { store1: { booking: { url: 'https://192.0.2.1' } } } }),
    );
    const cache = new CompletionCache(path.join(configDir, 'state'));
    cache.store('store1', 'location', [{ id: 'loc-riverside', label: 'Riverside' }]);
    cache.store('store1', 'experience@loc-riverside', [{ id: 'exp-laser', label: 'Laser tag' }]);
    const values = new ServiceValues({ env: { VENUE_CONFIG_DIR: configDir } });
    expect(await values.values('location', { profile: 'store1', given: {} })).toEqual([
      { value: 'loc-riverside', description: 'Riverside' },
    ]);
    expect(await values.values('experience', { profile: 'store1', given: {} })).toEqual([
      { value: 'exp-laser', description: 'Laser tag' },
    ]);
    expect(await values.values('location', { profile: 'nobody', given: {} })).toEqual([]);
  });

  it('completes nothing, within its deadline, when the service does not answer, and does not wait again at once', async () => {
    const silent = net.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as net.AddressInfo).port;
    try {
      const configDir = fresh();
      const env = { VENUE_CONFIG_DIR: configDir, VENUE_SANDBOX_URL: `http://127.0.0.1:${port}` };
      const started = Date.now();
      expect(await new ServiceValues({ env, deadlineMs: 400 }).values('webhook', { given: {} })).toEqual([]);
      expect(Date.now() - started).toBeLessThan(1500);
      expect(new CompletionCache(path.join(configDir, 'state')).lookup('sandbox', 'webhook').state).toBe(
        'failed-recently',
      );
      const again = Date.now();
      expect(await new ServiceValues({ env, deadlineMs: 400 }).values('webhook', { given: {} })).toEqual([]);
      expect(Date.now() - again).toBeLessThan(300);
    } finally {
      silent.close();
    }
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigStore, checkBaseUrl } from '../../../src/lib/config.js';
import { sandboxOrigin } from '../../../src/lib/sandbox-address.js';
import { tempDir } from '../../support/venue.js';

const dirs: string[] = [];
async function store(env: Record<string, string> = {}) {
  const dir = tempDir();
  dirs.push(dir);
  return ConfigStore.open({ VENUE_CONFIG_DIR: dir, ...env }, { writable: true });
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('ConfigStore', () => {
  it("listens for changes once per file, however often it is used (a listener per access piled up past Node's limit of 10)", async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.name);
    process.on('warning', onWarning);
    try {
      const config = await store();
      config.createProfile('main');
      for (let i = 0; i < 15; i++) {
        config.setSetting('main', 'inventory.url', `https://inventory${i}.example`);
        config.setSecret('main', 'inventory.apiKey', `key-${i}`);
      }
      await new Promise((resolve) => setImmediate(resolve));
      expect(config.resolve('main', 'inventory.url').value).toBe('https://inventory14.example');
    } finally {
      process.off('warning', onWarning);
    }
    expect(warnings).not.toContain('MaxListenersExceededWarning');
  });

  it('starts on the built-in sandbox profile with demo values', async () => {
    const config = await store();
    expect(config.currentProfile()).toBe('sandbox');
    // This config directory's own sandbox: a port derived from its path (47800 is the usual directory's).
    const url = config.resolve('sandbox', 'inventory.url');
    expect(url).toEqual({
      value: `${sandboxOrigin({ VENUE_CONFIG_DIR: config.directory })}/inventory`,
      source: 'default',
    });
    expect(url.value).toMatch(/^http:\/\/127\.0\.0\.1:(4[78]\d\d\d)\/inventory$/);
    expect(config.resolveSecret('sandbox', 'inventory.apiKey').source).toBe('default');
  });

  it('says where each value came from: environment beats profile', async () => {
    const config = await store({ VENUE_INVENTORY_URL: 'https://env.example' });
    config.createProfile('main');
    config.setSetting('main', 'inventory.url', 'https://file.example');
    config.setSetting('main', 'wallet.url', 'https://wallet.example/');
    expect(config.resolve('main', 'inventory.url')).toEqual({ value: 'https://env.example', source: 'environment' });
    expect(config.resolve('main', 'wallet.url')).toEqual({ value: 'https://wallet.example', source: 'profile' });
    expect(config.resolve('main', 'booking.url')).toEqual({ value: undefined, source: undefined });
  });

  it('a profile takes what it leaves unset from the one it extends, through a chain, and says from where', async () => {
    const config = await store();
    for (const profile of ['chain', 'north', 'store7']) config.createProfile(profile);
    config.setSetting('chain', 'wallet.url', 'https://wallet.chain.example');
    config.setSecret('chain', 'wallet.clientSecret', 'chain-secret');
    config.setSetting('north', 'extends', 'chain');
    config.setSetting('north', 'booking.url', 'https://booking.north.example');
    config.setSetting('store7', 'extends', 'north');
    config.setSetting('store7', 'tags', ' north, arcades,north ');
    config.setSetting('store7', 'wallet.url', 'https://wallet.store7.example');
    expect(config.resolve('store7', 'wallet.url')).toEqual({
      value: 'https://wallet.store7.example',
      source: 'profile',
    });
    expect(config.resolve('store7', 'booking.url')).toEqual({
      value: 'https://booking.north.example',
      source: 'extends',
      from: 'north',
    });
    expect(config.resolve('north', 'wallet.url')).toEqual({
      value: 'https://wallet.chain.example',
      source: 'extends',
      from: 'chain',
    });
    expect(config.resolveSecret('store7', 'wallet.clientSecret')).toEqual({
      value: 'chain-secret',
      source: 'extends',
      from: 'chain',
    });
    // Tags are the profile's own, never inherited.
    expect(config.tagsOf('store7')).toEqual(['north', 'arcades']);
    expect(config.tagsOf('north')).toEqual([]);
    // The environment still wins over everything.
    const withEnv = await ConfigStore.open({
      VENUE_CONFIG_DIR: config.directory,
      VENUE_BOOKING_URL: 'https://env.example',
    });
    expect(withEnv.resolve('store7', 'booking.url')).toEqual({ value: 'https://env.example', source: 'environment' });
  });

  it('refuses an extends loop, an unknown parent, and deleting a profile others extend', async () => {
    const config = await store();
    config.createProfile('a');
    config.createProfile('b');
    config.setSetting('b', 'extends', 'a');
    expect(() => config.setSetting('a', 'extends', 'b')).toThrow(/"a" → "b" → "a" would be a loop/);
    expect(() => config.setSetting('a', 'extends', 'nope')).toThrow(/no profile named "nope"/);
    expect(() => config.setSetting('a', 'tags', 'ok,not ok')).toThrow(/"not ok" is not a tag/);
    expect(() => config.deleteProfile('a')).toThrow(/extended by "b"/);
    config.unsetSetting('b', 'extends');
    config.deleteProfile('a');
    expect(config.profileExists('a')).toBe(false);
  });

  it('creates the config directory 0700, and tightens one made wider', async () => {
    const dir = path.join(tempDir(), 'venue');
    dirs.push(path.dirname(dir));
    const fresh = await ConfigStore.open({ VENUE_CONFIG_DIR: dir }, { writable: true });
    expect(fs.statSync(fresh.directory).mode & 0o777).toBe(0o700);
    fs.chmodSync(dir, 0o755);
    await ConfigStore.open({ VENUE_CONFIG_DIR: dir }, { writable: true });
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
  });

  it('keeps secrets in their own file, mode 0600, apart from settings', async () => {
    const config = await store();
    config.createProfile('main');
    config.setSetting('main', 'inventory.userId', '7');
    config.setSecret('main', 'inventory.apiSecret', 'S3CRET-value');
    expect(fs.statSync(config.credentialsPath).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(config.settingsPath, 'utf8')).not.toContain('S3CRET-value');
    expect(config.resolveSecret('main', 'inventory.apiSecret')).toEqual({ value: 'S3CRET-value', source: 'profile' });
  });

  it('lets the environment override stored secrets (cron)', async () => {
    const config = await store({ VENUE_INVENTORY_API_SECRET: 'from-env' });
    config.createProfile('main');
    config.setSecret('main', 'inventory.apiSecret', 'stored');
    expect(config.resolveSecret('main', 'inventory.apiSecret')).toEqual({ value: 'from-env', source: 'environment' });
  });

  it('reads what conf wrote without loading conf', async () => {
    const writer = await store();
    writer.createProfile('north');
    writer.setSetting('north', 'inventory.url', 'https://north.example');
    writer.setSecret('north', 'inventory.apiKey', 'k-1');
    writer.useProfile('north');
    const reader = await ConfigStore.open({ VENUE_CONFIG_DIR: writer.directory });
    expect(reader.currentProfile()).toBe('north');
    expect(reader.profiles()).toEqual(['sandbox', 'north']);
    expect(reader.resolve('north', 'inventory.url').value).toBe('https://north.example');
    expect(reader.resolveSecret('north', 'inventory.apiKey').value).toBe('k-1');
    expect(() => reader.setSetting('north', 'inventory.userId', '1')).toThrow(/enableWriting/);
  });

  it('sets a setting or a secret only on a profile that exists: config init creates them', async () => {
    const config = await store();
    config.createProfile('store1');
    expect(() => config.setSetting('stor1', 'inventory.userId', '7')).toThrow(/no profile named "stor1"/);
    expect(() => config.setSecret('stor1', 'inventory.apiKey', 'k')).toThrow(
      expect.objectContaining({ hint: expect.stringContaining('venue config init stor1') }),
    );
    expect(config.profiles()).toEqual(['sandbox', 'store1']);
  });

  it('checks values', async () => {
    const config = await store();
    config.createProfile('main');
    expect(() => config.setSetting('main', 'inventory.userId', 'seven')).toThrow(/whole number/);
    expect(() => config.setSetting('main', 'wallet.environment', 'staging')).toThrow(/production, uat/);
    expect(() => config.setSetting('main', 'nope', 'x')).toThrow(/unknown setting/);
    expect(() => config.setSetting('main', 'wallet.clientSecret', 'x')).toThrow(/set-secret/);
    expect(() => config.deleteProfile('sandbox')).toThrow(/built in/);
  });
});

describe('base URLs', () => {
  it('must be https unless loopback', () => {
    expect(checkBaseUrl('https://a.example/', 'x')).toBe('https://a.example');
    expect(checkBaseUrl('http://127.0.0.1:4000', 'x')).toBe('http://127.0.0.1:4000');
    expect(checkBaseUrl('http://localhost:4000', 'x')).toBe('http://localhost:4000');
    expect(() => checkBaseUrl('http://inventory.venue.lan', 'inventory.url')).toThrow(/https/);
    expect(() => checkBaseUrl('not a url', 'x')).toThrow(/absolute URL/);
  });
});

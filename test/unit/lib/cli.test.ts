import { describe, expect, it } from 'vitest';
import { requestedGroup } from '../../../src/cli.js';

describe('requestedGroup', () => {
  it('skips global options and their values', () => {
    expect(requestedGroup(['-p', 'main', '-o', 'json', 'inventory', 'health'])).toBe('inventory');
    expect(requestedGroup(['--verbose', '--timeout', '5', 'wallet'])).toBe('wallet');
    expect(requestedGroup(['--json'])).toBeUndefined();
    expect(requestedGroup([])).toBeUndefined();
  });
});

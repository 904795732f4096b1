import { describe, expect, it } from 'vitest';
import { readInvocation } from '../../../src/invocation.js';

describe('the front door', () => {
  it('finds the command wherever the global options stand, and skips their values', async () => {
    expect((await readInvocation(['-p', 'main', '-o', 'json', 'inventory', 'health'])).path).toEqual([
      'inventory',
      'health',
    ]);
    expect((await readInvocation(['--verbose', '--timeout', '5', 'wallet'])).path).toEqual(['wallet']);
    expect((await readInvocation(['--json'])).path).toEqual([]);
    expect((await readInvocation([])).path).toEqual([]);
    const line = await readInvocation(['inventory', '-qpstore1', 'stock', '--warehouse', '2', 'levels', '-o', 'csv']);
    expect(line.path).toEqual(['inventory', 'stock']);
    expect(line.operands).toEqual(['2', 'levels']);
    expect(line.unknown).toEqual(['--warehouse']);
    const levels = await readInvocation(['inventory', 'stock', 'levels', '--warehouse', '2', '-ojson', '--no-color']);
    expect(levels.path).toEqual(['inventory', 'stock', 'levels']);
    expect(levels.command?.name).toBe('levels');
    expect(levels.commandOptions.map((o) => [o.names.long, o.value])).toEqual([['--warehouse', '2']]);
    expect(levels.globals).toMatchObject({ output: 'json', color: false, quiet: false, input: true });
  });

  it('types the global options through their one declaration', async () => {
    const line = await readInvocation([
      '--timeout',
      '2.5',
      '--deadline=9',
      '--limit',
      '3',
      '--fields',
      'a, b',
      '-q',
      '--no-input',
      'doctor',
    ]);
    expect(line.globals).toMatchObject({
      timeout: 2.5,
      deadline: 9,
      limit: 3,
      fields: ['a', 'b'],
      quiet: true,
      input: false,
    });
    expect(line.problem).toBeUndefined();
    expect((await readInvocation(['--timeout', 'x', 'doctor'])).problem?.message).toBe(
      "option '--timeout <seconds>' argument 'x' is invalid. must be a positive number of seconds",
    );
    expect((await readInvocation(['-o', 'xml', 'doctor'])).problem?.message).toMatch(
      /Allowed choices are table, json, ndjson, csv/,
    );
    expect((await readInvocation(['--json', '-o', 'csv', 'doctor'])).problem?.message).toMatch(/two formats/);
    expect((await readInvocation(['doctor', '--timeout'])).problem?.message).toMatch(/argument missing/);
  });

  it('reads the venues selected and leaves each venue its command line', async () => {
    const line = await readInvocation([
      '--each-profile',
      'all',
      '--parallel=8',
      '--fail-fast',
      'inventory',
      'health',
      '-o',
      'json',
    ]);
    expect(line.venues).toEqual({ selection: 'all', parallel: 8, failFast: true });
    expect(line.commandArgv).toEqual(['inventory', 'health', '-o', 'json']);
    expect((await readInvocation(['--each-profile=tag:x', 'doctor'])).venues?.parallel).toBe(4);
    expect((await readInvocation(['--each-profile', 'all', '--parallel', '0', 'doctor'])).problem?.message).toMatch(
      /--parallel/,
    );
    expect((await readInvocation(['--each-profile', 'all', '--profile', 'x', 'doctor'])).problem?.message).toMatch(
      /give one/,
    );
    expect((await readInvocation(['doctor'])).venues).toBeUndefined();
  });

  it('reads `venue help …` as a topic or as --help', async () => {
    expect((await readInvocation(['help', 'dates'])).helpTopic).toBe('dates');
    const group = await readInvocation(['help', 'inventory', 'stock']);
    expect(group.argv).toEqual(['inventory', 'stock', '--help']);
    expect(group.help).toBe(true);
    expect((await readInvocation(['help', 'inventry'])).problem?.message).toMatch(/no help for "inventry"/);
  });

  it('keeps words after -- as operands, and lists unknown options', async () => {
    const line = await readInvocation(['--bogus', 'webhooks', 'delete', '--', '-x']);
    expect(line.unknown).toEqual(['--bogus']);
    expect(line.operands).toEqual(['-x']);
  });
});

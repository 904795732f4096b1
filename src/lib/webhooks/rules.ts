// Webhook input rules that need no zod, for the commands that check a flag or
// two before anything else loads (listen, verify, replay, delete). The body
// rules built on these live in schemas.ts.

import { UsageError, ValidationError, type ValidationIssue } from '../errors.js';
import { UUID_SHAPE, inventoryEventTypes, isInventoryEventType } from './events.js';

export function isLoopbackHostname(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

export interface UrlRuleOptions {
  /** http:// is accepted for loopback hosts (local development, the sandbox). */
  allowLoopbackHttp: boolean;
}

/** Why the subscriber URL breaks the rules, or undefined when it is good. */
export function subscriberUrlProblem(value: string, options: UrlRuleOptions): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'must be an absolute https:// URL';
  }
  if (url.username || url.password) return 'must not carry a user name or password';
  if (url.protocol === 'https:') return undefined;
  if (url.protocol === 'http:' && options.allowLoopbackHttp && isLoopbackHostname(url.hostname)) return undefined;
  return options.allowLoopbackHttp ? 'must use https:// (plain http only for localhost)' : 'must use https://';
}

/** True for an http:// loopback URL: allowed, but worth a warning. */
export function isPlainLoopbackUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' && isLoopbackHostname(url.hostname);
  } catch {
    return false;
  }
}

/** A URL flag checked the CLI's way: https, or http on loopback. */
export function checkUrlFlag(value: string, flag: string): string {
  const problem = subscriberUrlProblem(value, { allowLoopbackHttp: true });
  if (problem) throw new ValidationError([{ field: flag, rule: `${problem} (got "${value}")` }]);
  return value;
}

/** --url and --events checked together, so one run reports every problem. */
export function checkSubscriberFlags(flags: { url?: string; events?: string }): {
  url?: string;
  eventTypes?: string[];
} {
  const issues: ValidationIssue[] = [];
  const out: { url?: string; eventTypes?: string[] } = {};
  for (const [key, check] of [
    ['url', () => (out.url = checkUrlFlag(flags.url!, '--url'))],
    ['events', () => (out.eventTypes = parseEventTypes(flags.events!))],
  ] as const) {
    if (flags[key] === undefined) continue;
    try {
      check();
    } catch (error) {
      if (error instanceof ValidationError) issues.push(...error.issues);
      else throw error;
    }
  }
  if (issues.length) throw new ValidationError(issues);
  return out;
}

/** "--events a,b" as a list, every value among the five. */
export function parseEventTypes(value: string, flag = '--events'): string[] {
  const types = [
    ...new Set(
      value
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean),
    ),
  ];
  if (types.length === 0) throw new ValidationError([{ field: flag, rule: 'must name at least one event type' }]);
  const unknown = types.filter((t) => !isInventoryEventType(t));
  if (unknown.length) {
    throw new ValidationError(
      unknown.map((t) => ({ field: flag, rule: `"${t}" is not an event type; use ${inventoryEventTypes.join(', ')}` })),
    );
  }
  return types;
}

export function checkWebhookId(value: string): string {
  if (!UUID_SHAPE.test(value))
    throw new ValidationError([{ field: 'webhookId', rule: `must be a UUID (got "${value}")` }]);
  return value.toLowerCase();
}

/** The values of --secret-env variables, in order; each must be set. */
export function secretsFromEnv(env: NodeJS.ProcessEnv, names: string[]): string[] {
  return names.map((name) => {
    const value = env[name];
    if (!value)
      throw new UsageError(`environment variable ${name} is not set or empty`, {
        hint: 'The secret is read from the environment, never from the command line.',
      });
    return value;
  });
}

/** --scheme: hmac, standard, or auto (undefined: told from what was received). */
export function parseScheme(value: string, flag = '--scheme'): 'hmac' | 'standard' | undefined {
  if (value === 'auto') return undefined;
  if (value === 'hmac' || value === 'standard') return value;
  throw new UsageError(`${flag} must be hmac, standard or auto (got "${value}")`);
}

/** commander collector for repeatable options. */
export function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

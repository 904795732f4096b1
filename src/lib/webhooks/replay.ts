// `webhooks replay`: sends events saved by `listen --save` to a local app
// again, with the exact body bytes, signed afresh (or unsigned) in the scheme
// the event came signed with: the inventory's HMAC, or Standard Webhooks (the
// same webhook-id, a new webhook-timestamp).

import fs from 'node:fs/promises';
import path from 'node:path';
import { UsageError } from '../errors.js';
import { deliveryHeaders } from './events.js';
import { describeError, savedBodyBytes, type SavedEvent } from './listener.js';
import { hasStandardSecret, sign, signStandard, standardHeaders, type SignatureScheme } from './signature.js';
import { placeholder, venueHint } from '../hint-command.js';
import { request, Agent } from '../undici.js';
import { randomUUID } from 'node:crypto';

export interface ReplayOutcome {
  file: string;
  deliveryId?: string;
  type?: string;
  status?: number;
  error?: string;
}

/** The saved event files under a path: the file itself, or a directory's *.json in name (time) order. */
export async function savedEventFiles(target: string): Promise<string[]> {
  let stat;
  try {
    stat = await fs.stat(target);
  } catch {
    throw new UsageError(`no such file or directory: ${target}`);
  }
  if (!stat.isDirectory()) return [target];
  const names = (await fs.readdir(target)).filter((n) => n.endsWith('.json')).sort();
  if (names.length === 0) throw new UsageError(`no saved events (*.json) in ${target}`);
  return names.map((n) => path.join(target, n));
}

export async function readSavedEvent(file: string): Promise<SavedEvent> {
  let parsed: Partial<SavedEvent>;
  try {
    parsed = JSON.parse(await fs.readFile(file, 'utf8')) as Partial<SavedEvent>;
  } catch (error) {
    throw new UsageError(`${file} is not a saved event: ${(error as Error).message}`);
  }
  if (typeof parsed.body !== 'string' || !parsed.headers || typeof parsed.headers !== 'object') {
    throw new UsageError(`${file} is not a saved event: it needs "headers" and "body"`, {
      hint: `Save events with ${venueHint(['webhooks', 'listen', '--save', placeholder('dir')])}.`,
    });
  }
  return { bodyEncoding: 'utf8', receivedAt: '', ...parsed } as SavedEvent;
}

const STALE_HEADERS = new Set([
  deliveryHeaders.signature,
  'x-signature',
  'x-hub-signature-256',
  'x-webhook-signature',
  standardHeaders.signature,
  standardHeaders.timestamp,
  'content-length',
  'host',
]);

/** The scheme a saved event came signed with: Standard Webhooks when it carried their headers. */
export function savedScheme(saved: SavedEvent): SignatureScheme {
  const names = Object.keys(saved.headers).map((name) => name.toLowerCase());
  return names.includes(standardHeaders.signature) || names.includes(standardHeaders.id) ? 'standard' : 'hmac';
}

export async function replaySaved(
  files: string[],
  target: string,
  secret: string | undefined,
  now: () => Date = () => new Date(),
  scheme?: SignatureScheme,
): Promise<ReplayOutcome[]> {
  const saved = await Promise.all(files.map(async (file) => ({ file, event: await readSavedEvent(file) })));
  // Checked before anything is sent: a replay does not stop half way for want of the right secret.
  const standard = saved.find(({ event }) => (scheme ?? savedScheme(event)) === 'standard');
  if (secret && standard && !(await hasStandardSecret([secret]))) {
    throw new UsageError(
      `${path.basename(standard.file)} is signed the Standard Webhooks way: --secret-env must hold a whsec_<base64> secret`,
      {
        hint: "Or pass --scheme hmac to sign them all with the inventory's HMAC.",
      },
    );
  }
  const agent = new Agent({ keepAliveTimeout: 2_000 });
  const outcomes: ReplayOutcome[] = [];
  try {
    for (const { file, event } of saved) {
      const body = savedBodyBytes(event);
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(event.headers))
        if (!STALE_HEADERS.has(name.toLowerCase())) headers[name.toLowerCase()] = String(value);
      headers['content-type'] ??= 'application/json';
      if (secret && (scheme ?? savedScheme(event)) === 'standard') {
        const id = headers[standardHeaders.id] ?? event.deliveryId ?? randomUUID();
        const at = now();
        headers[standardHeaders.id] = id;
        headers[standardHeaders.timestamp] = String(Math.floor(at.getTime() / 1000));
        headers[standardHeaders.signature] = await signStandard(body, id, at, secret);
      } else if (secret) {
        headers[deliveryHeaders.signature] = sign(body, secret);
        headers[deliveryHeaders.timestamp] = now()
          .toISOString()
          .replace(/\.\d{3}Z$/, 'Z');
      }
      const outcome: ReplayOutcome = { file: path.basename(file), deliveryId: event.deliveryId, type: event.type };
      try {
        const response = await request(target, {
          method: 'POST',
          headers,
          body,
          dispatcher: agent,
          signal: AbortSignal.timeout(10_000),
        });
        await response.body.dump();
        outcome.status = response.statusCode;
      } catch (error) {
        outcome.error = describeError(error);
      }
      outcomes.push(outcome);
    }
  } finally {
    await agent.close();
  }
  return outcomes;
}

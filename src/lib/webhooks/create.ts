// Creating a webhook subscriber under the one outcome rule (writes/rule.ts).
// A subscriber created twice is a doubled delivery of every event, so a
// create whose answer is lost (or cannot say) is never sent again blindly:
// the subscribers are listed before sending and read back after, and a new
// subscriber with this URL is the proof it was created. Nothing new means
// unknown (exit 7): a create still being processed may yet appear, so the
// person checks `venue webhooks list` before creating it again. No journal:
// the service's own list is the record a person settles it by.

import { UnknownOutcomeError } from '../errors.js';
import type { UnreadableAnswerError } from '../reading.js';
import type { Interruption } from '../interruption.js';
import { classifyFailure } from '../writes/rule.js';
import type { CreateSubscriberInput, WebhookSubscriber, WebhooksClient } from './client.js';
import { venueHint } from '../hint-command.js';

export interface CreatedSubscriber {
  subscriber: WebhookSubscriber;
  /** Its answer, or the list read back after a lost answer. */
  evidence: 'answer' | 'read-back';
  /** The service accepted it (2xx) but its answer could not be read: found by reading back, and still exit 6. */
  unreadable?: UnreadableAnswerError;
}

export async function createSubscriber(
  client: Pick<WebhooksClient, 'create' | 'list'>,
  input: CreateSubscriberInput,
  interruption: Pick<Interruption, 'cleanup'>,
): Promise<CreatedSubscriber> {
  const before = new Set((await client.list()).map((s) => s.id));
  try {
    return { subscriber: await client.create(input), evidence: 'answer' };
  } catch (error) {
    const sent = classifyFailure(error);
    if (sent.kind !== 'unknown' && sent.kind !== 'accepted-unreadable') throw error;
    // Reading back settles what was sent, so it may run after a Ctrl-C.
    let found: WebhookSubscriber[];
    try {
      found = (await interruption.cleanup(() => client.list())).filter((s) => !before.has(s.id) && s.url === input.url);
    } catch (readError) {
      throw new UnknownOutcomeError(
        `the webhook subscriber for ${input.url} may or may not have been created: ${sent.error.message}; reading the list back failed too (${(readError as Error).message})`,
        {
          cause: error,
          hint: `Check ${venueHint(['webhooks', 'list'])} before creating it again: a subscriber created twice receives every event twice.`,
        },
      );
    }
    if (found.length === 1)
      return {
        subscriber: found[0]!,
        evidence: 'read-back',
        ...(sent.kind === 'accepted-unreadable' ? { unreadable: sent.error } : {}),
      };
    throw new UnknownOutcomeError(
      `the webhook subscriber for ${input.url} may or may not have been created: ${sent.error.message}`,
      {
        cause: error,
        details:
          found.length > 1
            ? [`${found.length} new subscribers with this URL are listed: ${found.map((s) => s.id).join(', ')}`]
            : ['no new subscriber with this URL is listed yet'],
        hint: `Check ${venueHint(['webhooks', 'list'])} before creating it again (a create still being processed may yet appear): a subscriber created twice receives every event twice.`,
      },
    );
  }
}

// `venue help <topic>`: what no single command's help can hold. Plain text,
// loaded only when asked for.

import { OUTCOME_HEADERS, outcomeRows } from '../lib/writes/rule.js';
import { DEFAULT_RETRIES, MAX_RETRIES } from '../lib/retry-policy.js';
import { peopleTable } from '../lib/output/people-table.js';
import { wrapText } from '../lib/output/wrap.js';
import { CONFIRMATION_RULE, EXIT_CODES, FLEET_SEVERITY, SCRIPT_ADVICE } from '../lib/facts.js';

/** The outcome rule's table, drawn as every bounded table is (people-table.ts), to fit 80 columns with its indent. */
function outcomeTable(indent = '  '): string {
  return peopleTable([...OUTCOME_HEADERS], outcomeRows(), { width: 80 - indent.length })
    .replace(/\n$/, '')
    .split('\n')
    .map((line) => (line ? indent + line : line))
    .join('\n');
}

/** Text wrapped to 80 columns, continuation lines under `hang`. */
function wrapped(text: string, first = '', hang = first): string {
  return wrapText(`${first}${text}`, 80, { hang }).join('\n');
}

/** `venue help exit-codes`, rendered from the facts (lib/facts.ts) and the outcome rule (writes/rule.ts). */
function exitCodesText(): string {
  const codes = EXIT_CODES.map(({ code, meaning }) => wrapped(meaning, `  ${String(code).padEnd(5)}`, ' '.repeat(7)));
  const advice = SCRIPT_ADVICE.map(({ codes, advice }) => `${codes.join(', ')} ${advice}`).join('; ');
  return `Exit codes

${codes.join('\n')}

${wrapped(`For scripts: ${advice}.`)}

${wrapped(CONFIRMATION_RULE)}

What the answer to a write means (receipts, stock takes and adjustments,
products, suppliers, webhook subscribers, reloads, holds, orders, payments);
the one rule every write follows:

${outcomeTable()}

A write that is unknown is never sent again by itself: it is journalled, the
message names the command that settles it, and a rerun refuses it (or, for
reloads and payments, settles it by the service's own proof). After a Ctrl-C
the exit code follows the outcome: a write that completed is 0 (the message
says it was interrupted after completing), unknown is 7, nothing sent is 130.

${wrapped(`Across venues (--each-profile) the run exits with the most severe code among the venues, in this order: ${FLEET_SEVERITY.join(', ')} (then 0). A venue skipped for a missing file counts as 2. See \`venue help fleet\`.`)}
`;
}

export const helpTopics: Record<string, { summary: string; text: string }> = {
  environment: {
    summary: 'Every VENUE_* variable, its precedence and its default',
    text: `Environment variables

Precedence for a setting: a command-line flag, then the environment variable,
then the profile (config.json), then the default. Secrets: the environment
variable, then credentials.json (mode 0600); never a command-line value.

Selecting and locating
  VENUE_PROFILE             profile to use (after --profile; default: the one
                            chosen with \`venue config use\`, else sandbox)
  VENUE_CONFIG_DIR          where config.json, credentials.json and state/ live
                            (default: $XDG_CONFIG_HOME/venue or ~/.config/venue)

Service addresses (override the profile)
  VENUE_WALLET_URL, VENUE_WALLET_UAT_URL,
  VENUE_WALLET_ENVIRONMENT (production|uat)
  VENUE_BOOKING_URL
  VENUE_INVENTORY_URL, VENUE_INVENTORY_USER_ID, VENUE_INVENTORY_WAREHOUSE_ID
  VENUE_INVENTORY_AUTH      bearer, or header:<Header-Name>

Secrets (for cron; never on the command line)
  VENUE_WALLET_CLIENT_SECRET, VENUE_BOOKING_CLIENT_SECRET
  VENUE_INVENTORY_API_KEY, VENUE_INVENTORY_API_SECRET
  VENUE_WALLET_CVV          a card's CVV for \`wallet signup\`

Waiting and retrying
  VENUE_DEADLINE            the whole command's time limit in seconds (default
                            120; --deadline wins)
  VENUE_RETRIES             retries after the first attempt, 0 to ${MAX_RETRIES} (default ${DEFAULT_RETRIES})
  VENUE_MAX_RESPONSE_MB     answers larger than this are refused, exit 6
                            (default 64)

The sandbox
  VENUE_SANDBOX_URL         the sandbox's origin (default
                            http://127.0.0.1:47800)
  VENUE_SANDBOX_PORT        its port when started here
  VENUE_SANDBOX_AUTOSTART=0 never start it in the background

Output
  NO_COLOR, FORCE_COLOR     colour off / on (NO_COLOR wins)
  COLUMNS                   the width tables and messages fit (default: the
                            terminal's, 80 when it does not say)
  CI                        set: never prompt (as --no-input)
`,
  },
  'exit-codes': {
    summary: 'What each exit code means, and which to alert on',
    get text() {
      return exitCodesText();
    },
  },
  formatting: {
    summary: 'Output formats, --fields, --query, --raw, and picking records apart',
    text: `Output formats (-o, --output)

  -o table    for people (the default): aligned columns; piped, tab-separated
              lines with a header line, values exact
  -o json     the records, indented: each in venue's record shape (the same
              field names at every venue, docs/records.md), unwrapped from the
              service's envelope, pages merged
  -o ndjson   one record a line, streamed: for big lists and for jq
  -o csv      a header and one row a record; nested values as JSON text
  -o raw      for scripts: --query's strings unquoted, one value a line
              (records, as with ndjson, one JSON object a line)
  --json      short for -o json

Which records: --raw
  Machine formats, --fields and --query read each record in venue's names.
  --raw gives the service's own record instead, as it sent it (its own field
  names and values). --raw chooses the data; -o raw only how it is printed.

Picking fields: --fields a,b,c
  venue's field names (in any case: cardNumber, CardNumber and card_number are
  the same) or the table's column names. A name that is neither is exit 2,
  with a suggestion and the valid names (after a change the service accepted,
  only a warning); a command's help lists its fields (\`--fields help\`).
  Under --fields a table's headers are the names as given.

Picking records apart: --query <JMESPath>
  A JMESPath expression (https://jmespath.org) over the records (a list, or
  the one record a command shows), in venue's names (the service's with
  --raw). Its result is printed as JSON unless a format is given (-o, --json),
  and then in that format:
    (no -o), -o json  the result as JSON, indented
    -o ndjson         the result as JSON, a list one item a line
    -o raw            strings unquoted; a list one item a line; anything else
                      as compact JSON; null prints nothing
    -o table, csv     one value (a line), a list of values (one a line), one
                      record (a detail view; a one-row CSV), a list of records
                      (a table; a CSV with a header, keys as the query names
                      them) or rows of values (\`[].[id, name]\`: no header)
  A result of any other shape (a list mixing records and values, lists of
  records inside a list) has no table or CSV form: exit 2 saying why (use
  -o json). A result of null is said on stderr.

Tables, for people: money with its currency ($3.50), yes/no, times in the
venue's time zone as YYYY-MM-DD HH:MM and the zone (the timezone setting;
messages and views such as \`wallet diagnose\` say times the same way), codes
as the words the flags take (stock product, "sale, vending", 30 days).
Tables read whole (doctor, auth status, settings, a write's outcome, one
record) wrap a long value in its column; a listing is cut to the terminal's
width from its first page, its name column kept readable, and the columns
left out are named on stderr. Machine formats print values as numbers and
ISO 8601 times.

Data goes to stdout, messages to stderr: \`venue … -o json > out.json\` keeps
only data.

Examples
  venue inventory products list --all -o ndjson > products.ndjson
  venue inventory products list -o csv --fields productId,productName,sellPrice
  venue inventory products list --query '[].{id: productId, name: productName}'
  venue inventory products list --query '[].{id: productId, name: productName}' -o table
  venue --query '[0].productName' -o raw inventory products list
  venue booking report --from -7d -o csv > sales.csv
  venue wallet cards --json
`,
  },
  fleet: {
    summary: 'Running a command at many venues at once (--each-profile)',
    text: `Every venue at once

  venue --each-profile all inventory stock levels --product 1001
  venue --each-profile tag:north --parallel 8 inventory health
  venue --each-profile store1,store2 -o ndjson inventory products list --all
  venue --each-profile tag:north webhooks create \\
        --url https://erp.example/hooks --events stock.received \\
        --secret-env ERP_SECRET --yes
  venue --each-profile all inventory receipts run --dir erp/{profile} --yes

Selecting venues
  all             every venue: a profile with an inventory server of its own.
                  Left out (and listed on stderr, not with -q): the sandbox's
                  profiles (the built-in one, a sandbox fleet's venues) and a
                  base profile (one that others extend, with no inventory URL
                  of its own, e.g. a chain's shared wallet and booking)
  a,b,c           the profiles named (each must exist)
  tag:NAME        the profiles tagged NAME (venue config set tags north,arcades;
                  venue config profiles shows the tags)

How it runs
  Venues run at once, --parallel N at a time (default 4, at most 64), each with
  its own profile, token, journal entries and deadline. One venue's slowness or
  failure never stops the others; --fail-fast starts no more venues after the
  first failure (those running finish). Ctrl-C stops them all: writes in flight
  get their answer, venues not started are listed as not run.

Output
  A table gains a leading PROFILE column; -o json, ndjson and csv records gain a
  leading "profile" field, the one addition to the service's data (a service
  field of that name is kept as "serviceProfile"). ndjson and csv are written as
  rows come, so rows of different venues interleave (each row whole); a table,
  -o json and --query wait for every venue. --query runs once over all the
  records, each with its profile. --limit applies to each venue.
  Messages of a venue are on stderr, each line starting with "<profile>: ".

Outcomes
  A summary follows on stderr: each venue's exit code, result (ok, failed,
  stopped by Ctrl-C, skipped, nothing to do, not run), time and message.
  Under -o json or ndjson it is also the last object on stderr:
  {"summary":[{profile, exitCode, status (ok|failed|interrupted|skipped|
  not-run; skipped with exit 0 is nothing to do), message, seconds}],
  "exitCode":N}. -q leaves the summary out when every venue succeeded. The
  run exits with the most severe code (venue help exit-codes).

Inputs per venue
  {profile} and {tag} in any argument become the venue's profile name and tag
  (the tag selected by, else the profile's first). A venue whose --file is
  missing is skipped and reported (exit 2); the others run. Receipts are the
  exception: a venue with no file (stock receive --file) or folder (receipts
  run --dir) of its own ({profile} in the path) has nothing to receive (result
  "nothing", exit 0), unless stock receive's --require-file. A venue's message
  in the summary says what it did where the command tells (a receipt:
  "received" or "already received"; a folder: "2 files: 1 recorded now, 1
  recorded before"). --file - is refused: give each venue a file. Secrets
  read from standard input (--secret-stdin…) are read once and used for every
  venue.

Writes
  A command that changes data, run at more than one venue (or at one, when it
  asks before it sends: venue help exit-codes), first lists what it will do at
  each venue, then asks; without a terminal it needs --yes. With
  --dry-run (where the command has it) nothing is sent and nothing is asked.
  Commands that make no sense per venue (config init, sandbox, webhooks listen,
  a guest's wallet account) are refused with the reason.

Shared settings
  venue config init chain --wallet-url https://… --booking-url https://…
  venue --profile chain config set-secret wallet.clientSecret
  venue config init store7 --extends chain --tags north \\
        --inventory-url https://…
  A setting or secret that store7 does not set comes from chain; \`venue
  --profile store7 config list\` shows each value's source ("extends chain").
`,
  },
  dates: {
    summary: 'How dates are typed, and the time zone they mean',
    text: `Dates

Where a command takes a date (--date, --from, --to):
  2026-11-28     a calendar day, YYYY-MM-DD
  today          this machine's local day
  tomorrow       the next local day
  +3d, -7d       days from today

A date is the venue's local calendar day. People see times as YYYY-MM-DD HH:MM
and the zone, in the venue's time zone (the timezone setting, else this
machine's); machine formats keep the service's times as ISO 8601.
`,
  },
};

export function helpTopicNames(): string[] {
  return Object.keys(helpTopics);
}

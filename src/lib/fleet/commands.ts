// What each command is across venues. Every command of the tree is listed
// (a test walks the tree), so a new command cannot slip into fleet runs
// without someone deciding whether it reads, writes, or makes no sense there.

export type FleetUse = { kind: 'read' } | { kind: 'write' } | { kind: 'refused'; why: string };

const read: FleetUse = { kind: 'read' };
const write: FleetUse = { kind: 'write' };
const refused = (why: string): FleetUse => ({ kind: 'refused', why });

const guestAccount = refused('it acts on one guest\'s wallet account, which is not a venue\'s: run it once, with --profile');
const machineWide = refused('the sandbox belongs to this machine\'s config directory, not to a profile');

export const fleetUses: Record<string, FleetUse> = {
  'config init': refused('it creates one profile: run it once per profile (see --extends to share settings)'),
  'config set': write,
  'config get': read,
  'config list': read,
  'config unset': write,
  'config profiles': refused('it already lists every profile'),
  'config use': refused('it chooses the one current profile'),
  'config delete': refused('deleting profiles is done one at a time'),
  'config path': refused('the config directory is the same for every profile'),
  'config set-secret': write,
  'config import-openapi': write,
  'config routes': read,
  'auth status': read,
  'auth token': read,
  'auth logout': write,
  'wallet signup': guestAccount,
  'wallet login': guestAccount,
  'wallet logout': guestAccount,
  'wallet sessions': guestAccount,
  'wallet reset-password': guestAccount,
  'wallet confirm-reset': guestAccount,
  'wallet cards': read,
  'wallet balance': read,
  'wallet activity': read,
  'wallet products': read,
  'wallet reload': write,
  'wallet reloads': read,
  'wallet pass': guestAccount,
  'wallet diagnose': read,
  'booking locations': read,
  'booking experiences': read,
  'booking availability': read,
  'booking sessions': read,
  'booking reserve': write,
  'booking holds': read,
  'booking order create': write,
  'booking order pay': write,
  'booking order cancel': write,
  'booking order show': read,
  'booking release': write,
  'booking report': read,
  'booking book': write,
  'inventory health': read,
  'inventory products list': read,
  'inventory products get': read,
  'inventory products create': write,
  'inventory products update': write,
  'inventory categories': read,
  'inventory classes': read,
  'inventory warehouses': read,
  'inventory tax-groups': read,
  'inventory containers': read,
  'inventory suppliers list': read,
  'inventory suppliers create': write,
  'inventory stock levels': read,
  'inventory stock take': write,
  'inventory stock receive': write,
  'inventory stock adjust': write,
  'inventory stock changes': read,
  'inventory stock resolve': write,
  'inventory receipts list': read,
  'inventory receipts show': read,
  'inventory receipts resolve': write,
  'webhooks list': read,
  'webhooks events': read,
  'webhooks create': write,
  'webhooks update': write,
  'webhooks delete': write,
  'webhooks listen': refused('it is a local server: start one listener, then point each venue\'s webhook at it'),
  'webhooks verify': refused('it checks a signature locally and calls no venue'),
  'webhooks replay': write,
  'sandbox serve': machineWide,
  'sandbox start': machineWide,
  'sandbox stop': machineWide,
  'sandbox status': machineWide,
  'sandbox reset': machineWide,
  'sandbox seed': machineWide,
  'sandbox settings': machineWide,
  'sandbox faults': machineWide,
  'sandbox outbox': machineWide,
  'sandbox trigger': machineWide,
  'sandbox deliveries': machineWide,
  'sandbox activate-card': machineWide,
  'sandbox play': machineWide,
  'sandbox fleet': machineWide,
  api: write,
  doctor: read,
  completion: refused('completion scripts are the same for every profile'),
  __complete: refused('it is the completion scripts\' own command'),
};

/**
 * The command's use across venues. `api` reads with GET or HEAD and writes
 * otherwise; a command missing from the table is taken as a write (asked
 * about), never silently as a read.
 */
export function fleetUseOf(path: string[], args: string[] = []): FleetUse {
  const key = path.join(' ');
  if (key === 'api') return /^(get|head)$/i.test(args[1] ?? '') ? read : write;
  return fleetUses[key] ?? write;
}

// Which option or argument names which kind of thing, in one place, so no
// command file has to know about completion. A key is the path of the command
// that declares it, then the option's long name or the argument as
// `<name>`; a global option is declared on the root, whose path is empty.
// Choices (commander's Option.choices) and file paths need no entry: they are
// read from the command tree itself.

export type ValueKind = 'profile' | 'profiles' | 'location' | 'experience' | 'warehouse' | 'webhook' | 'receipt';

export const valueKinds: Readonly<Record<string, ValueKind>> = {
  '--profile': 'profile',
  '--each-profile': 'profiles',
  'config use <profile>': 'profile',
  'config delete <profile>': 'profile',

  'booking experiences --location': 'location',
  'booking book --location': 'location',
  'booking report --location': 'location',
  'booking book --experience': 'experience',
  'booking sessions <experienceId>': 'experience',
  'booking availability <experienceId>': 'experience',
  'booking reserve <experienceId>': 'experience',

  'inventory stock levels --warehouse': 'warehouse',
  'inventory stock take --warehouse': 'warehouse',
  'inventory stock receive --warehouse': 'warehouse',
  'inventory stock adjust --warehouse': 'warehouse',
  'inventory products create --warehouse': 'warehouse',
  'sandbox trigger --warehouse': 'warehouse',

  'webhooks delete <webhookId>': 'webhook',
  'webhooks update <webhookId>': 'webhook',

  'inventory receipts show <id>': 'receipt',
  'inventory receipts resolve <id>': 'receipt',
};

export function valueKindKey(commandPath: string[], name: string): string {
  return [...commandPath, name].join(' ');
}

export function valueKindOf(commandPath: string[], name: string): ValueKind | undefined {
  return valueKinds[valueKindKey(commandPath, name)];
}

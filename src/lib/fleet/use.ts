// What a command is across venues (--each-profile): it reads, it writes (asked
// about first when it runs at several venues), or it makes no sense there.
// Each command declares its use in its own file (src/commands/define.ts).

export type FleetUse = { kind: 'read' } | { kind: 'write'; withoutFile?: string } | { kind: 'refused'; why: string };

/**
 * A command's declared use: read or write, refused with the reason, or worked
 * out from its operands (`api` reads with GET or HEAD and writes otherwise).
 * A write that reads a file per venue may say what a venue without its file
 * ({profile} in the path, the file missing) is: `withoutFile`, the words for
 * the summary (e.g. "nothing to receive"), a success unless --require-file.
 */
export type FleetDeclaration =
  | 'read'
  | 'write'
  | { write: { withoutFile: string } }
  | { refused: string }
  | ((operands: readonly string[]) => 'read' | 'write');

/** The use a declaration gives for these operands; a command without one is taken as a write (asked about), never as a read. */
export function fleetUseOf(declaration: FleetDeclaration | undefined, operands: readonly string[] = []): FleetUse {
  if (declaration === undefined) return { kind: 'write' };
  if (typeof declaration === 'function') return { kind: declaration(operands) };
  if (typeof declaration === 'string') return { kind: declaration };
  if ('write' in declaration) return { kind: 'write', withoutFile: declaration.write.withoutFile };
  return { kind: 'refused', why: declaration.refused };
}

// What a command is across venues (--each-profile): it reads, it writes (asked
// about first when it runs at several venues), or it makes no sense there.
// Each command declares its use in its own file (src/commands/define.ts).

export type FleetUse = { kind: 'read' } | { kind: 'write' } | { kind: 'refused'; why: string };

/**
 * A command's declared use: read or write, refused with the reason, or worked
 * out from its operands (`api` reads with GET or HEAD and writes otherwise).
 */
export type FleetDeclaration = 'read' | 'write' | { refused: string } | ((operands: readonly string[]) => 'read' | 'write');

/** The use a declaration gives for these operands; a command without one is taken as a write (asked about), never as a read. */
export function fleetUseOf(declaration: FleetDeclaration | undefined, operands: readonly string[] = []): FleetUse {
  if (declaration === undefined) return { kind: 'write' };
  if (typeof declaration === 'function') return { kind: declaration(operands) };
  if (typeof declaration === 'string') return { kind: declaration };
  return { kind: 'refused', why: declaration.refused };
}

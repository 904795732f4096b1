// Across venues (--each-profile) every sandbox command is refused: the one reason, shared.

export const machineWide = {
  refused: "the sandbox belongs to this machine's config directory, not to a profile",
} as const;

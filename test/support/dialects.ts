// Every dialect the sandbox speaks (docs/sandbox-dialects.md): a journey passes only when it passes in all of them,
// so tests that run one in each take this one list.
export const dialects = ['venue', 'pascal', 'envelope', 'plain', 'decoy', 'hal'] as const;

// Placeholder until the wallet emulator lands: registers no routes.
import type { SandboxService } from '../types.js';

export const walletService: SandboxService<Record<string, never>> = {
  name: 'wallet',
  prefix: '/wallet',
  demoState: () => ({}),
  register: () => {},
};

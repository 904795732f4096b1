// Placeholder until the inventory emulator lands: registers no routes.
import type { SandboxService } from '../types.js';

export const inventoryService: SandboxService<Record<string, never>> = {
  name: 'inventory',
  prefix: '/inventory',
  demoState: () => ({}),
  register: () => {},
};

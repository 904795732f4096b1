// Placeholder until the webhook subscribers and delivery land.
import type { SandboxService } from '../types.js';

export const webhooksService: SandboxService<Record<string, never>> = {
  name: 'webhooks',
  prefix: '/inventory',
  demoState: () => ({}),
  register: () => {},
};

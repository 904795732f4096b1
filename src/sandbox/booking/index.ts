// Placeholder until the booking emulator lands: registers no routes.
import type { SandboxService } from '../types.js';

export const bookingService: SandboxService<Record<string, never>> = {
  name: 'booking',
  prefix: '/booking',
  demoState: () => ({}),
  register: () => {},
};

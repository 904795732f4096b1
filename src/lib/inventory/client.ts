// The inventory service client: every inventory call the commands make, on the shared
// HTTP layer. Knows nothing of the terminal.

import type { ServiceDeps } from '../context.js';

export class InventoryClient {
  constructor(protected readonly deps: ServiceDeps) {}
}

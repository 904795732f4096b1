// The wallet service client: every wallet call the commands make, on the shared
// HTTP layer. Knows nothing of the terminal.

import type { ServiceDeps } from '../context.js';

export class WalletClient {
  constructor(protected readonly deps: ServiceDeps) {}
}

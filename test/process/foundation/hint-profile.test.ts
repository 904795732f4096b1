// The launcher's run is its process's only one, so its hint scope is the process's (src/lib/hint-command.ts), not
// an async scope: through the built binary, a hint still names the profile the run was given.

import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { runVenue, tempDir } from '../../support/venue.js';

const configDir = tempDir('venue-hint-profile-');
afterAll(() => fs.rmSync(configDir, { recursive: true, force: true }));
const env = { VENUE_CONFIG_DIR: configDir, VENUE_SANDBOX_AUTOSTART: '0' };

describe('a hint made by the launcher’s run', () => {
  it('names the profile chosen with --profile, and none when the run chose none', async () => {
    // A venue whose server is never reached: the unmapped route is refused before anything is sent.
    const init = await runVenue(
      ['config', 'init', 'store1', '--inventory-url', 'http://127.0.0.1:9/inventory', '--use'],
      {
        env,
      },
    );
    expect(init.code, init.stderr).toBe(0);
    const unmap = await runVenue(['config', 'set', 'inventory.routes.getProduct', 'none'], { env });
    expect(unmap.code, unmap.stderr).toBe(0);
    const chosen = await runVenue(['--profile', 'store1', 'inventory', 'products', 'get', '1001'], { env });
    expect(chosen.code, chosen.stderr).toBe(2);
    expect(chosen.stderr).toContain("`venue --profile store1 config set inventory.routes.getProduct 'GET /<path>'`");
    const unchosen = await runVenue(['inventory', 'products', 'get', '1001'], { env });
    expect(unchosen.code).toBe(2);
    expect(unchosen.stderr).toContain("`venue config set inventory.routes.getProduct 'GET /<path>'`");
  });
});

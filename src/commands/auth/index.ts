import { defineGroup } from '../define.js';

export default defineGroup({
  name: 'auth',
  summary: 'Service tokens: status, token, logout',
  examples: ['venue auth status', 'venue auth logout'],
  commands: [
    {
      name: 'status',
      summary:
        'Which services have credentials, and for each cached token the host it belongs to and when it expires (never the tokens)',
      load: () => import('./status.js'),
    },
    {
      name: 'token',
      summary: 'Print a service token (wallet admin, booking or inventory), for use with other tools',
      load: () => import('./token.js'),
    },
    {
      name: 'logout',
      summary: 'Forget cached tokens (and, for the wallet, guest sessions) of the profile',
      load: () => import('./logout.js'),
    },
  ],
});

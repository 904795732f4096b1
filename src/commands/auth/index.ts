import { defineGroup } from '../define.js';
import status from './status.js';
import token from './token.js';
import logout from './logout.js';

export default defineGroup({
  name: 'auth',
  summary: 'Service tokens: status, token, logout',
  examples: ['venue auth status', 'venue auth logout'],
  commands: [status, token, logout],
});

import { defineGroup } from '../define.js';
import signup from './signup.js';
import login from './login.js';
import logout from './logout.js';
import sessions from './sessions.js';
import resetPassword from './reset-password.js';
import confirmReset from './confirm-reset.js';
import cards from './cards.js';
import balance from './balance.js';
import activity from './activity.js';
import products from './products.js';
import reload from './reload.js';
import reloads from './reloads.js';
import pass from './pass.js';
import diagnose from './diagnose.js';

export default defineGroup({
  name: 'wallet',
  summary: 'Guest wallet: accounts, cards, balances, reloads, passes',
  description:
    'Guest accounts, game cards, balances, activity, online reloads and phone wallet passes. Sign-up and login use the admin token; ' +
    'card calls use the guest session kept by `venue wallet login` (pick one with --as when several are stored).',
  examples: [
    'venue wallet login ava@example.com --password-stdin < password.txt',
    'venue wallet balance 6001000000000000001',
    'venue wallet diagnose ava@example.com',
  ],
  commands: [
    signup,
    login,
    logout,
    sessions,
    resetPassword,
    confirmReset,
    cards,
    balance,
    activity,
    products,
    reload,
    reloads,
    pass,
    diagnose,
  ],
});

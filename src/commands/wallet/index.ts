import { defineGroup } from '../define.js';

export default defineGroup({
  name: 'wallet',
  summary: 'wallet (being built)',
  commands: [],
});

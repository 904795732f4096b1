import { defineGroup } from '../define.js';

export default defineGroup({
  name: 'auth',
  summary: 'auth (being built)',
  commands: [],
});

import { defineGroup } from '../define.js';

export default defineGroup({
  name: 'sandbox',
  summary: 'sandbox (being built)',
  commands: [],
});

import { defineGroup } from '../define.js';

export default defineGroup({
  name: 'webhooks',
  summary: 'webhooks (being built)',
  commands: [],
});

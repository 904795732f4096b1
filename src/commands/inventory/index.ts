import { defineGroup } from '../define.js';
import stockTake from './stock/take.js';
import stockReceive from './stock/receive.js';
import receiptsList from './receipts/list.js';
import receiptsShow from './receipts/show.js';
import receiptsResolve from './receipts/resolve.js';

export default defineGroup({
  name: 'inventory',
  summary: 'Inventory: products, suppliers, stock takes, receipts, adjustments',
  examples: ['venue inventory products list --all -o ndjson', 'venue inventory stock levels --warehouse 1'],
  commands: [
    defineGroup({ name: 'stock', summary: 'Stock levels, stock takes, receipts and adjustments', commands: [stockTake, stockReceive] }),
    defineGroup({ name: 'receipts', summary: 'Stock receipts recorded from this machine', commands: [receiptsList, receiptsShow, receiptsResolve] }),
  ],
});

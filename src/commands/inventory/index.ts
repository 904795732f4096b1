import { defineGroup } from '../define.js';
import health from './health.js';
import productsList from './products/list.js';
import productsGet from './products/get.js';
import productsCreate from './products/create.js';
import productsUpdate from './products/update.js';
import categories from './categories.js';
import classes from './classes.js';
import warehouses from './warehouses.js';
import taxGroups from './tax-groups.js';
import containers from './containers.js';
import suppliersList from './suppliers/list.js';
import suppliersCreate from './suppliers/create.js';
import stockLevels from './stock/levels.js';
import stockAdjust from './stock/adjust.js';
import stockTake from './stock/take.js';
import stockReceive from './stock/receive.js';
import stockChanges from './stock/changes.js';
import stockResolve from './stock/resolve.js';
import receiptsList from './receipts/list.js';
import receiptsShow from './receipts/show.js';
import receiptsResolve from './receipts/resolve.js';
import receiptsRun from './receipts/run.js';

export default defineGroup({
  name: 'inventory',
  summary: 'Inventory: products, suppliers, stock takes, receipts, adjustments',
  examples: [
    'venue inventory products list --all -o ndjson',
    'venue inventory stock levels --warehouse 1',
    'venue inventory stock adjust --product 1001 --quantity -2 --comment "breakage"',
  ],
  commands: [
    health,
    defineGroup({
      name: 'products',
      summary: 'List, read, create and update products',
      commands: [productsList, productsGet, productsCreate, productsUpdate],
    }),
    categories,
    classes,
    warehouses,
    taxGroups,
    containers,
    defineGroup({
      name: 'suppliers',
      summary: 'List and create suppliers',
      commands: [suppliersList, suppliersCreate],
    }),
    defineGroup({
      name: 'stock',
      summary: 'Stock levels, stock takes, receipts and adjustments',
      commands: [stockLevels, stockTake, stockReceive, stockAdjust, stockChanges, stockResolve],
    }),
    defineGroup({
      name: 'receipts',
      summary:
        'Stock receipts: the nightly run of a folder of them, and the journal of those recorded from this machine',
      commands: [receiptsRun, receiptsList, receiptsShow, receiptsResolve],
    }),
  ],
});

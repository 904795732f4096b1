import { defineGroup } from '../define.js';

export default defineGroup({
  name: 'inventory',
  summary: 'Inventory: products, suppliers, stock takes, receipts, adjustments',
  examples: [
    'venue inventory products list --all -o ndjson',
    'venue inventory stock levels --warehouse 1',
    'venue inventory stock adjust --product 1001 --quantity -2 --comment "breakage" --yes',
  ],
  commands: [
    {
      name: 'health',
      summary: 'Is the inventory service up, and is its database connected? (no credentials needed)',
      load: () => import('./health.js'),
    },
    defineGroup({
      name: 'products',
      summary: 'List, read, create and update products',
      commands: [
        {
          name: 'list',
          summary: 'List products, one page or --all (streamed with bounded concurrency)',
          load: () => import('./products/list.js'),
        },
        {
          name: 'get',
          summary: 'One product: prices, stock levels, barcodes and suppliers',
          load: () => import('./products/get.js'),
        },
        {
          name: 'create',
          summary: 'Create a product (flags or --file product.json); on a terminal, asks for what is missing',
          load: () => import('./products/create.js'),
        },
        {
          name: 'update',
          summary: 'Change some fields of a product; add barcodes; add, update or remove supplier links',
          load: () => import('./products/update.js'),
        },
      ],
    }),
    {
      name: 'categories',
      summary: 'Product categories of the local location (ids are 10 characters, space-padded)',
      load: () => import('./categories.js'),
    },
    { name: 'classes', summary: 'Product classes, optionally of one category', load: () => import('./classes.js') },
    {
      name: 'warehouses',
      summary: "Warehouses of a location (the venue's own by default)",
      load: () => import('./warehouses.js'),
    },
    { name: 'tax-groups', summary: "Tax groups of the location's tax zone", load: () => import('./tax-groups.js') },
    {
      name: 'containers',
      summary: 'Container types, used as containerId in a supplier link',
      load: () => import('./containers.js'),
    },
    defineGroup({
      name: 'suppliers',
      summary: 'List and create suppliers',
      commands: [
        { name: 'list', summary: 'All active suppliers', load: () => import('./suppliers/list.js') },
        {
          name: 'create',
          summary: 'Create a supplier (code, name and address required; the code must be unique)',
          load: () => import('./suppliers/create.js'),
        },
      ],
    }),
    defineGroup({
      name: 'stock',
      summary: 'Stock levels, stock takes, receipts and adjustments',
      commands: [
        {
          name: 'levels',
          summary: 'Stock levels of a warehouse (default: the profile warehouse), optionally of some products',
          load: () => import('./stock/levels.js'),
        },
        {
          name: 'take',
          summary: 'Submit a stock take from a counts file (CSV or JSON)',
          load: () => import('./stock/take.js'),
        },
        {
          name: 'receive',
          summary: 'Record received stock from a receipt file (cron-safe: a rerun is a no-op)',
          load: () => import('./stock/receive.js'),
        },
        {
          name: 'adjust',
          summary: "Adjust one product's stock up or down, with a reason; refuses to go below zero",
          load: () => import('./stock/adjust.js'),
        },
        {
          name: 'changes',
          summary: 'Stock takes and adjustments sent from this machine, with their outcome',
          load: () => import('./stock/changes.js'),
        },
        {
          name: 'resolve',
          summary:
            'Settle a stock take or adjustment with an unknown outcome: --applied or --not-applied (on a terminal, shows the evidence and asks)',
          load: () => import('./stock/resolve.js'),
        },
      ],
    }),
    defineGroup({
      name: 'receipts',
      summary:
        'Stock receipts: the nightly run of a folder of them, and the journal of those recorded from this machine',
      commands: [
        {
          name: 'run',
          summary: 'Receive every receipt file of a folder: the nightly job, one line per file, one exit rule',
          load: () => import('./receipts/run.js'),
        },
        {
          name: 'list',
          summary: 'Receipts recorded from this machine, with their outcome',
          load: () => import('./receipts/list.js'),
        },
        {
          name: 'show',
          summary: 'One receipt of the journal: its items, levels before and after, and history',
          load: () => import('./receipts/show.js'),
        },
        {
          name: 'resolve',
          summary:
            'Settle a receipt with an unknown outcome: --applied or --not-applied (on a terminal, shows the evidence and asks)',
          load: () => import('./receipts/resolve.js'),
        },
      ],
    }),
  ],
});

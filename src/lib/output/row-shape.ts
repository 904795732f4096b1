// What is rendered: the output formats, a row and its columns. Apart from the
// renderer (src/lib/output.ts) so that the fleet's merging (src/lib/fleet/merged-output.ts),
// which the renderer writes through, needs only these.

export const outputFormats = ['table', 'json', 'ndjson', 'csv', 'raw'] as const;
export type OutputFormat = (typeof outputFormats)[number];

export type ColumnFormat = 'text' | 'money' | 'date' | 'datetime' | 'number' | 'bool' | 'list' | 'enum' | 'flags';

export interface Column {
  /** Dotted path into the row: "balance.play". */
  key: string;
  header?: string;
  format?: ColumnFormat;
  /** Shown even when no row has a value (a count that may be empty). */
  always?: boolean;
  /**
   * format 'enum': the words for the service's codes (productType 2 → "stock product"); an unknown code is shown as sent.
   * format 'flags': the words for each bit of a bitmask (saleType 6 → "sale, vending").
   */
  labels?: Record<string, string>;
  /** format 'money': the row's field holding its ISO currency (USD, AUD…), when the service gives one. */
  currencyKey?: string;
  /** Read from the service's own record (a --fields name that is no column of the view). */
  fromSource?: boolean;
  /**
   * The column that says which row is which (a product's name, a code): when
   * a listing is fitted to the terminal it is never cut below what reads
   * (table-layout.ts: IDENTIFYING_MIN) and never left out while it fits.
   */
  identifies?: boolean;
}

export type Row = Record<string, unknown>;

/** On a merged table row of a run across venues: the time zone of the venue it came from (its times are shown in it). */
export const ROW_TIME_ZONE = Symbol('venue time zone');

// The sales report, built from whatever rows the service sends: rows already
// summed per day and experience, or one row per reservation, sale or order
// (with their status, cancelled ones included). Only sales count: a row whose
// status is not confirmed, paid or completed is left out, and the report says
// how many were. Money is summed in integer cents.

import {
  isJsonApiResource,
  isRecord,
  jsonApiRecord,
  readList,
  readRecord,
  RecordReader,
  UnreadableAnswerError,
  type AnswerSource,
} from '../reading.js';
import { REPORT, REPORT_ROW } from './fields.js';
import { dayOf, type ReportRow, type SalesReport } from './shapes.js';

const toCents = (amount: number) => Math.round(amount * 100);

interface Group {
  row: ReportRow;
  cents: number;
  orderCount: number;
  orderIds: Set<string>;
  countsOrders: boolean;
}

export function readSalesReport(body: unknown, source: AnswerSource): SalesReport {
  const rows = readList(body, source, 'report rows', REPORT.rows);
  // The dates the report covers, when the answer is a record that says them.
  let fromDate: string | undefined;
  let toDate: string | undefined;
  if (!Array.isArray(body)) {
    try {
      const head = readRecord(body, source, 'report', ['report']);
      fromDate = dayOf(head.get(REPORT.fromDate));
      toDate = dayOf(head.get(REPORT.toDate));
    } catch (error) {
      if (!(error instanceof UnreadableAnswerError)) throw error;
    }
  }

  const groups = new Map<string, Group>();
  const leftOut: SalesReport['leftOut'] = { rows: 0, statuses: {} };
  rows.forEach((item, index) => {
    if (!isRecord(item))
      throw new UnreadableAnswerError(
        source,
        `has ${JSON.stringify(item)} as row ${index + 1} of the report, not a record`,
        body,
      );
    const r = new RecordReader(isJsonApiResource(item) ? jsonApiRecord(item) : item, source, 'report row');
    // The status is a word; a candidate of another type (a numeric code beside it) is no status.
    const status = r.word(REPORT_ROW.status);
    if (status !== undefined && status.value !== 'confirmed') {
      leftOut.rows++;
      leftOut.statuses[status.said] = (leftOut.statuses[status.said] ?? 0) + 1;
      return;
    }
    const experienceId = r.get(REPORT_ROW.experienceId);
    const experienceName = r.get(REPORT_ROW.experienceName);
    if (experienceId === undefined && experienceName === undefined)
      throw r.missing('experience', [...REPORT_ROW.experienceId.names, ...REPORT_ROW.experienceName.names]);
    const revenue = r.need(REPORT_ROW.revenue, 'revenue');
    const quantity = r.need(REPORT_ROW.quantity, 'quantity');
    const date = dayOf(r.get(REPORT_ROW.date));
    const locationId = r.get(REPORT_ROW.locationId);
    const key = JSON.stringify([date, locationId, experienceId ?? experienceName]);
    let group = groups.get(key);
    if (!group) {
      group = {
        row: { date, locationId, experienceId, experienceName, orders: undefined, quantity: 0, revenue: 0 },
        cents: 0,
        orderCount: 0,
        orderIds: new Set(),
        countsOrders: false,
      };
      groups.set(key, group);
    }
    group.row.experienceName ??= experienceName;
    group.row.quantity += quantity;
    group.cents += toCents(revenue);
    const orders = r.get(REPORT_ROW.orders);
    const orderId = r.get(REPORT_ROW.orderId);
    if (orders !== undefined) {
      group.orderCount += orders;
      group.countsOrders = true;
    } else if (orderId !== undefined) {
      group.orderIds.add(orderId);
      group.countsOrders = true;
    }
  });

  const built: ReportRow[] = [...groups.values()].map((g) => ({
    ...g.row,
    orders: g.countsOrders ? g.orderCount + g.orderIds.size : undefined,
    revenue: g.cents / 100,
  }));
  built.sort(
    (a, b) =>
      (a.date ?? '').localeCompare(b.date ?? '') ||
      (a.experienceId ?? a.experienceName ?? '').localeCompare(b.experienceId ?? b.experienceName ?? ''),
  );

  // Orders are counted once each across the report when rows name them; summed when rows give counts.
  const groupsList = [...groups.values()];
  const anyOrders = groupsList.some((g) => g.countsOrders);
  const distinctOrders = new Set(groupsList.flatMap((g) => [...g.orderIds]));
  const totals = {
    orders: anyOrders ? groupsList.reduce((sum, g) => sum + g.orderCount, 0) + distinctOrders.size : undefined,
    quantity: built.reduce((sum, row) => sum + row.quantity, 0),
    revenue: groupsList.reduce((sum, g) => sum + g.cents, 0) / 100,
  };
  return { fromDate, toDate, rows: built, totals, leftOut };
}

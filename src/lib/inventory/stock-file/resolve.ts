// Resolving a checked stock file's lines to product ids: codes and barcodes
// looked up through the inventory client, unknown or repeated products
// reported with their lines (exit 2) before anything is sent.

import { IssueLog } from './issues.js';
import { refKey, type ProductRef, type StockFile } from './items.js';

/** Product ids resolved for each item; unknown codes and barcodes reported with their lines. */
export interface ResolvedStockItem {
  line: number;
  productId: number;
  quantity: number;
  value?: number;
  /** How the file named it, when not by id. */
  ref?: ProductRef;
}

/** What a lookup found for one ref: a product id, or why there is none. */
export type RefLookup = Map<string, { productId?: number; problem?: string }>;

/**
 * Looks codes and barcodes up (resolve gets only the non-id refs) and returns
 * items keyed by product id. Throws ValidationError for unknown or ambiguous
 * refs and for two lines that turn out to name the same product.
 */
export async function resolveStockItems(
  file: StockFile,
  resolve: (refs: ProductRef[]) => Promise<RefLookup>,
): Promise<ResolvedStockItem[]> {
  const needLookup = file.items.filter((i) => i.ref.kind !== 'productId').map((i) => i.ref);
  const found: RefLookup = needLookup.length ? await resolve(needLookup) : new Map();
  const issues = new IssueLog();
  const resolved: ResolvedStockItem[] = [];
  const lineOfProduct = new Map<number, number>();
  for (const item of file.items) {
    let productId: number | undefined;
    if (item.ref.kind === 'productId') productId = item.ref.value;
    else {
      const hit = found.get(refKey(item.ref));
      productId = hit?.productId;
      if (productId === undefined) {
        issues.add({
          line: item.line,
          field: item.ref.kind,
          rule: hit?.problem ? `"${item.ref.value}": ${hit.problem}` : `"${item.ref.value}" matches no product`,
        });
        continue;
      }
    }
    const seen = lineOfProduct.get(productId);
    if (seen !== undefined) {
      issues.add({ line: item.line, field: item.ref.kind, rule: `names product ${productId} again (line ${seen})` });
      continue;
    }
    lineOfProduct.set(productId, item.line);
    const entry: ResolvedStockItem = { line: item.line, productId, quantity: item.quantity };
    if (item.value !== undefined) entry.value = item.value;
    if (item.ref.kind !== 'productId') entry.ref = item.ref;
    resolved.push(entry);
  }
  issues.throwIfAny(file.source);
  return resolved;
}

/** The minimum of InventoryClient that resolution needs (tests hand in fakes). */
export interface ProductRefResolver {
  resolveProductRefs(
    refs: Array<{ productId?: number; barcode?: string; productCode?: string }>,
    options?: { onPage?: (info: { count: number; totalItems?: number }) => void },
  ): Promise<Array<{ productId?: number; problem?: string }>>;
}

/** Adapts the client's lookup (which walks the catalogue once) to resolveStockItems. */
export function lookupWith(
  client: ProductRefResolver,
  onPage?: (info: { count: number; totalItems?: number }) => void,
) {
  return async (refs: ProductRef[]): Promise<RefLookup> => {
    const asked = refs.map((ref) =>
      ref.kind === 'barcode' ? { barcode: ref.value } : { productCode: String(ref.value) },
    );
    const answers = await client.resolveProductRefs(asked, onPage ? { onPage } : {});
    const lookup: RefLookup = new Map();
    refs.forEach((ref, i) => {
      const answer = answers[i];
      // The client words its problems as "no product has barcode X": the file line already says which.
      const problem = answer?.problem && !/^no product has /.test(answer.problem) ? answer.problem : undefined;
      lookup.set(refKey(ref), problem ? { productId: answer?.productId, problem } : { productId: answer?.productId });
    });
    return lookup;
  };
}

/**
 * Products the stock levels answer did not mention may simply have no stock
 * record there, or may not exist: only those are looked up, so a file of known
 * ids costs nothing extra. Unknown ids are reported with their lines (exit 2).
 */
export async function checkProductsExist(
  items: ResolvedStockItem[],
  levels: Map<number, number>,
  client: ProductRefResolver,
  source = 'the file',
): Promise<void> {
  const unseen = items.filter((i) => !levels.has(i.productId));
  if (unseen.length === 0) return;
  const answers = await client.resolveProductRefs(unseen.map((i) => ({ productId: i.productId })));
  const issues = new IssueLog();
  unseen.forEach((item, index) => {
    if (answers[index]?.productId === undefined) {
      issues.add({
        line: item.line,
        field: item.ref?.kind ?? 'productId',
        rule: `${item.ref ? `"${item.ref.value}"` : item.productId} matches no product`,
      });
    }
  });
  issues.throwIfAny(source);
}

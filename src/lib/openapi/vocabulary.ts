// Words of paths, operationIds, tags, summaries and field names, and what
// they may say about an operation: its subject (products, warehouses, stock
// levels…) and its kind (list, read, create, update, delete, or an action
// such as an import or a maintenance job). Subjects are matched as terms of
// one or more words, longest first, so "stock location" is a warehouse,
// "line item" is not a product, "taxon" is not a tax and "tax class" is not a
// product class.

export type Concept =
  | 'product'
  | 'category'
  | 'class'
  | 'warehouse'
  | 'tax'
  | 'container'
  | 'supplier'
  | 'level'
  | 'count'
  | 'receive'
  | 'adjust'
  | 'webhook'
  | 'auth'
  | 'health'
  /** A subject venue has no operation for: named, so that it is not taken for one that venue has. */
  | 'other';

export type Kind = 'list' | 'read' | 'create' | 'update' | 'upsert' | 'delete' | 'action';

/**
 * A text with its accents folded away by one rule (NFD, combining marks dropped): "depósitos" → "depositos",
 * "Größe" → "Große", so a word is the same word however a vendor wrote its accents, and no accent splits it.
 */
export const foldMarks = (text: string): string =>
  // Only the accents of the combining-diacritics blocks: a Thai vowel or a kana's voicing mark is a letter's own part,
  // and Hangul syllables stay whole (recomposed).
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]+/gu, '')
    .normalize('NFC');

/**
 * "receiveStockUsingPOST" → receive stock; "Stock_Receive", "stock.receive", "/stock-receipts", "GROCY-API-KEY" alike.
 * Letters and digits of any script are a word's ("depósitos", "Lagerbestände", "категории"), accents folded.
 */
export function splitWords(text: string): string[] {
  return (
    foldMarks(text)
      .replace(/Using(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)(_\d+)?$/i, '')
      .replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1 $2')
      .replace(/(\p{Lu}+)(\p{Lu}\p{Ll})/gu, '$1 $2')
      .split(/[^\p{L}\p{M}\p{N}]+/u)
      .filter(Boolean)
      .flatMap(knownTermsInRuns)
      // A Turkish dotted capital lower-cases to i and a combining dot ("İade" → "i̇ade"): the dot is an accent too.
      .map((w) => w.toLowerCase().replace(/\u0307/g, ''))
      .filter((w) => !/^v\d+$/.test(w) && !/^\d+$/.test(w))
  );
}

/**
 * Scripts written without spaces between words (Han, kana, Thai, Lao, Khmer, Myanmar), and Hangul, whose words carry
 * their particles ("상품을"): a run of them is one "word" to a split on non-letters.
 */
const unspacedRun =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}\p{Script=Hangul}\u30fc\u3005]+/gu;
const unspacedOnly = new RegExp(`^(?:${unspacedRun.source})$`, 'u');

/**
 * In a run of a script written without spaces, venue's terms are found as the longest known term at each place, left
 * to right (as findTerms takes the longest multi-word term): "入荷予定一覧" → 入荷 予定 一覧 when 入荷 and 一覧 are
 * known. What lies between known terms stays one word of its own, known to nothing: no tokenizer guesses words.
 * Text of other scripts is left as it was.
 */
const hasUnspaced = new RegExp(unspacedRun.source, 'u');
function knownTermsInRuns(word: string): string[] {
  if (!hasUnspaced.test(word)) return [word];
  const out: string[] = [];
  let last = 0;
  for (const m of word.matchAll(unspacedRun)) {
    if (m.index > last) out.push(word.slice(last, m.index));
    out.push(...segmentRun(m[0]));
    last = m.index + m[0].length;
  }
  if (last < word.length) out.push(word.slice(last));
  return out;
}

function segmentRun(run: string): string[] {
  const { known, longest } = unspacedLexicon();
  const chars = [...run];
  const out: string[] = [];
  let unknown = '';
  for (let i = 0; i < chars.length;) {
    let found = '';
    for (let n = Math.min(longest, chars.length - i); n > 0 && !found; n--) {
      const candidate = chars.slice(i, i + n).join('');
      if (known.has(candidate)) found = candidate;
    }
    if (found) {
      if (unknown) out.push(unknown);
      unknown = '';
      out.push(found);
      i += [...found].length;
    } else unknown += chars[i++];
  }
  if (unknown) out.push(unknown);
  return out;
}

let lexicon: { known: Set<string>; longest: number } | undefined;
/** Every word venue knows that is written in an unspaced script: terms' words, verbs, danger and filler words. */
function unspacedLexicon() {
  if (lexicon) return lexicon;
  const known = new Set<string>();
  const all = [
    ...terms.flatMap((t) => t.words),
    ...kindWords.keys(),
    ...dangerWords,
    ...fillerWords,
    ...prepositionWords,
  ];
  for (const w of all) if (unspacedOnly.test(w)) known.add(w);
  const longest = Math.max(1, ...[...known].map((w) => [...w].length));
  return (lexicon = { known, longest });
}

const irregular: Record<string, string> = {
  taxes: 'tax',
  // The plural of a word ending in u, not a Latin singular in -us (status, bonus): "SKUs" are SKUs.
  skus: 'sku',
  menus: 'menu',
  statuses: 'status',
  addresses: 'address',
  classes: 'class',
  boxes: 'box',
  indices: 'index',
  indexes: 'index',
  categories: 'category',
  taxonomies: 'taxonomy',
  entries: 'entry',
  children: 'child',
  people: 'person',
  data: 'data',
  aliases: 'alias',
  analyses: 'analysis',
  businesses: 'business',
  stocktakes: 'stocktake',
  status: 'status',
  access: 'access',
  series: 'series',
  news: 'news',
  settings: 'settings',
  details: 'detail',
  goods: 'goods',
  process: 'process',
  canvas: 'canvas',
};

/** The singular of a word as written: "categories" → "category", "warehouses" → "warehouse", "class" stays. */
export function singular(word: string): string {
  if (Object.hasOwn(irregular, word)) return irregular[word]!;
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (/(ss|sh|ch|x|z)es$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !/(ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

/** Words joined as some vendors write them. */
const runTogether: Record<string, string[]> = {
  stocktake: ['stock', 'take'],
  stocklevel: ['stock', 'level'],
  stockonhand: ['stock', 'on', 'hand'],
  onhand: ['on', 'hand'],
  goodsin: ['goods', 'in'],
  writeoff: ['write', 'off'],
  webhook: ['webhook'],
  taxgroup: ['tax', 'group'],
  taxrate: ['tax', 'rate'],
  containertype: ['container', 'type'],
  healthcheck: ['health'],
  healthz: ['health'],
  signin: ['sign', 'in'],
  login: ['login'],
  logon: ['login'],
  subcategory: ['subcategory'],
  pricelist: ['price', 'list'],
  lineitem: ['line', 'item'],
  stockitem: ['stock', 'item'],
  purchaseorder: ['purchase', 'order'],
  livez: ['health'],
  readyz: ['health'],
  getall: ['get', 'all'],
  byid: ['by', 'id'],
};

/** Lower-case singular words of a text, run-together words split where we know them. */
const wordsCache = new Map<string, string[]>();

/** Lower-case singular words of a text, run-together words split where we know them (remembered: field names repeat). */
export function wordsOf(text: string): string[] {
  let words = wordsCache.get(text);
  if (!words) {
    words = computeWords(text);
    if (wordsCache.size < 50_000) wordsCache.set(text, words);
  }
  return words;
}

function computeWords(text: string): string[] {
  const out: string[] = [];
  for (const word of splitWords(text)) {
    // "lists" is a noun (sku_lists, price-lists: lists of something), never the verb a path's "list" is.
    const one = word === 'lists' ? word : singular(word);
    const split = Object.hasOwn(runTogether, one)
      ? runTogether[one]
      : Object.hasOwn(runTogether, word)
        ? runTogether[word]
        : undefined;
    if (split) out.push(...split);
    else out.push(...runTogetherTerms(one));
  }
  return out;
}

/**
 * A term of two words written run together ("stocklocation", "taxclass", "inventoryitem") is that term: the subject
 * it names is read as if its words were apart. Only a whole term: two words that merely follow one another
 * ("webhookstock") are no term, and stay one word.
 */
function runTogetherTerms(word: string): string[] {
  const term = joinedTerms().get(word);
  if (term) return [...term];
  // The account the caller acts as written before records of venue's ("sellerlisting", "storeproduct"): the two words,
  // so the account is read as one (match.ts markTenantScopes). Only a whole term of records after it ("shopping" is no
  // shop's ping); the stock is not one ("storebalance" is the balance of each store, a place).
  for (const scope of serviceScopeWords) {
    if (!word.startsWith(scope) || word.length === scope.length) continue;
    const rest = word.slice(scope.length);
    const restWords = joinedTerms().get(rest) ?? [rest];
    const hit = findTerms(restWords).find((h) => h.at === 0 && h.term.words.length === restWords.length);
    if (hit && recordConcepts.has(hit.term.concept) && !findTerms([scope]).length) return [scope, ...restWords];
  }
  return [word];
}

/** Subjects whose records an account keeps (its products, categories, suppliers, webhooks): not its stock or health. */
const recordConcepts = new Set<Concept>(['product', 'category', 'class', 'tax', 'container', 'supplier', 'webhook']);

let joinedTermMap: Map<string, string[]> | undefined;
/** The terms of two or more words, by their words written together ("stocklocation" → stock location). */
const joinedTerms = () =>
  (joinedTermMap ??= new Map(terms.filter((t) => t.words.length > 1).map((t) => [t.words.join(''), t.words])));

/** Words that say nothing about the subject: versions, "api", "rest", articles, prepositions. */
export const fillerWords = new Set([
  'api',
  'rest',
  'controller',
  'resource',
  'endpoint',
  'service',
  'using',
  'by',
  'id',
  'the',
  'a',
  'an',
  'of',
  'for',
  'to',
  'and',
  'or',
  'reference',
  'ref',
  'lookups',
  'master',
  'masterdata',
  'with',
  'from',
  'into',
  'its',
  'it',
  'up',
  'one',
  'given',
  'specific',
  'single',
  'unique',
  'this',
  'that',
  'at',
  'is',
  'are',
  'be',
  'your',
  'my',
  'each',
  'every',
  'which',
  'when',
  'where',
  'json',
  'xml',
  'http',
  'https',
  'public',
  'object',
  'objects',
  'generic',
  'me',
  'more',
  'multiple',
  'many',
  // "In bulk" says how many records a route acts on (a danger word for that, dangerWords), never what they are:
  // /SuppliersBulk is suppliers. ("Batch" is also a noun: a lot of stock.)
  'bulk',
  'mass',
  'info',
  'information',
  'data',
  'record',
  'records',
  'instance',
  'instances',
  'based',
  'via',
  'their',
  'them',
  'they',
  'as',
  'has',
  'have',
  'will',
  'can',
  'not',
  'no',
  'if',
  'so',
  'v',
  'incl',
  'including',
  'other',
  'partial',
  'partially',
  // Articles of other languages (prepositions are prepositionWords).
  'el',
  'la',
  'los',
  'las',
  'le',
  'les',
  'il',
  'lo',
  'gli',
  'os',
  'um',
  'uma',
  'un',
  'une',
  'una',
  'der',
  'das',
  'dem',
  'den',
  'ein',
  'eine',
  'het',
  'een',
]);

/** Verbs and what kind of operation each says it is. */
const kindWordList: Record<string, Kind> = {
  list: 'list',
  search: 'list',
  find: 'list',
  query: 'list',
  browse: 'list',
  all: 'list',
  getall: 'list',
  filter: 'list',
  lookup: 'list',
  get: 'read',
  retrieve: 'read',
  show: 'read',
  fetch: 'read',
  read: 'read',
  view: 'read',
  return: 'read',
  detail: 'read',
  create: 'create',
  add: 'create',
  insert: 'create',
  register: 'create',
  post: 'create',
  make: 'create',
  new: 'create',
  update: 'update',
  edit: 'update',
  modify: 'update',
  change: 'update',
  patch: 'update',
  amend: 'update',
  set: 'update',
  replace: 'update',
  put: 'update',
  upsert: 'upsert',
  save: 'upsert',
  delete: 'delete',
  remove: 'delete',
  destroy: 'delete',
  drop: 'delete',
  unsubscribe: 'delete',
  // The same verbs in other languages, accents folded (listar, obtém, erstellen, supprimer, bijwerken…).
  listar: 'list',
  buscar: 'list',
  consultar: 'list',
  auflisten: 'list',
  lister: 'list',
  elencare: 'list',
  obter: 'read',
  obtem: 'read',
  obtener: 'read',
  obtiene: 'read',
  abrufen: 'read',
  obtenir: 'read',
  recuperer: 'read',
  ottenere: 'read',
  ophalen: 'read',
  criar: 'create',
  cria: 'create',
  crear: 'create',
  crea: 'create',
  erstellen: 'create',
  anlegen: 'create',
  creer: 'create',
  creare: 'create',
  aanmaken: 'create',
  alterar: 'update',
  altera: 'update',
  atualizar: 'update',
  atualiza: 'update',
  actualizar: 'update',
  actualiza: 'update',
  aktualisieren: 'update',
  andern: 'update',
  aggiornare: 'update',
  modificare: 'update',
  bijwerken: 'update',
  wijzigen: 'update',
  excluir: 'delete',
  exclui: 'delete',
  eliminar: 'delete',
  elimina: 'delete',
  loschen: 'delete',
  supprimer: 'delete',
  eliminare: 'delete',
  verwijderen: 'delete',
  // Japanese, Chinese (simplified, traditional), Korean, Thai, Russian, Turkish, Indonesian.
  一覧: 'list',
  検索: 'list',
  列表: 'list',
  查询: 'list',
  查詢: 'list',
  목록: 'list',
  검색: 'list',
  รายการ: 'list',
  список: 'list',
  listele: 'list',
  listeleme: 'list',
  listesi: 'list',
  daftar: 'list',
  取得: 'read',
  参照: 'read',
  获取: 'read',
  獲取: 'read',
  조회: 'read',
  ดึง: 'read',
  получить: 'read',
  получение: 'read',
  getir: 'read',
  ambil: 'read',
  作成: 'create',
  登録: 'create',
  追加: 'create',
  新規: 'create',
  创建: 'create',
  建立: 'create',
  新增: 'create',
  新建: 'create',
  添加: 'create',
  생성: 'create',
  등록: 'create',
  추가: 'create',
  สร้าง: 'create',
  เพิ่ม: 'create',
  создать: 'create',
  создание: 'create',
  olustur: 'create',
  ekle: 'create',
  buat: 'create',
  tambah: 'create',
  更新: 'update',
  変更: 'update',
  編集: 'update',
  修改: 'update',
  编辑: 'update',
  編輯: 'update',
  수정: 'update',
  변경: 'update',
  업데이트: 'update',
  แก้ไข: 'update',
  อัปเดต: 'update',
  обновить: 'update',
  изменить: 'update',
  обновление: 'update',
  guncelle: 'update',
  ubah: 'update',
  perbarui: 'update',
  削除: 'delete',
  删除: 'delete',
  刪除: 'delete',
  삭제: 'delete',
  ลบ: 'delete',
  удалить: 'delete',
  удаление: 'delete',
  sil: 'delete',
  hapus: 'delete',
};

/** The kind a verb says, or undefined (a Map: "constructor" in a path is no kind). */
export const kindWords = new Map<string, Kind>(Object.entries(kindWordList));

/**
 * Words that make a route something venue must never call for an operation
 * of another kind: deletions, bulk and batch jobs, imports and exports,
 * migrations, maintenance and repair jobs ("ensure asset IDs", "zero out time
 * fields", "add missing products"). They count wherever they are written:
 * path, operationId or summary.
 */
export const dangerWords = new Set([
  'delete',
  'remove',
  'destroy',
  'purge',
  'reset',
  'clear',
  'wipe',
  'truncate',
  'erase',
  'drop',
  'bulk',
  'batch',
  'mass',
  'maintenance',
  'maintain',
  'import',
  'importer',
  'export',
  'migrate',
  'migration',
  'sync',
  'synchronise',
  'synchronize',
  'rebuild',
  'recalculate',
  'calculate',
  'regenerate',
  'ensure',
  'zero',
  'missing',
  'duplicate',
  'clone',
  'merge',
  'undo',
  'revert',
  'rollback',
  'revoke',
  'archive',
  'unarchive',
  'restore',
  'logout',
  'forgot',
  // The same in other languages, accents folded.
  'excluir',
  'exclui',
  'eliminar',
  'elimina',
  'borrar',
  'apagar',
  'loschen',
  'entfernen',
  'supprimer',
  'eliminare',
  'rimuovere',
  'verwijderen',
  'usun',
  'importar',
  'exportar',
  'importieren',
  'exportieren',
  'exporter',
  'importare',
  'esportare',
  'importeren',
  'exporteren',
  'sincronizar',
  'synchronisieren',
  // Japanese, Chinese, Korean, Thai, Russian, Turkish, Indonesian. Not 導入 (an introduction in Japanese).
  '削除',
  '删除',
  '刪除',
  '삭제',
  'ลบ',
  'удалить',
  'удаление',
  'sil',
  'hapus',
  'インポート',
  'エクスポート',
  '取込',
  '取り込み',
  '一括',
  '同期',
  '导入',
  '导出',
  '匯入',
  '匯出',
  '批量',
  '가져오기',
  '내보내기',
  '일괄',
  '동기화',
  'นำเข้า',
  'ส่งออก',
  'ซิงค์',
  'импорт',
  'экспорт',
  'синхронизация',
  'senkronizasyon',
  'impor',
  'ekspor',
  'sinkronisasi',
]);

/**
 * Actions on another workflow (print a label, approve a vendor, complete an
 * order, test a notifier): they make a route an action of its own only where
 * they say what the route itself does: its last path segment, or its
 * operationId's verb or object (route-reading.ts). Elsewhere they name a part
 * of the service the route sits in, and in a summary they are ordinary words
 * ("issues a token", "reports the status"). The configuration of a thing is
 * no job of its own: /webhook/config configures webhooks (namespaceWords).
 */
export const actionWords = new Set([
  'generate',
  'copy',
  'test',
  'print',
  'printlabel',
  'convert',
  'disassemble',
  'serialize',
  'install',
  'uninstall',
  'reindex',
  'refresh',
  'invite',
  'invitation',
  'approve',
  'reject',
  'suspend',
  'onboarding',
  'upload',
  'download',
  'thumbnail',
  'reposition',
  'sort',
  'assignment',
  'assign',
  'unassign',
  'allocate',
  'unallocate',
  'scrap',
  'consume',
  'transfer',
  'split',
  'move',
  'lock',
  'unlock',
  'publish',
  'unpublish',
  'cancel',
  'complete',
  'finish',
  'issue',
  'hold',
  'resend',
  'verify',
  'confirm',
  'reorder',
  'signup',
  'metafield',
  'attachment',
  'image',
  'video',
  'review',
  'comment',
  'note',
  'template',
  'label',
  'qrcode',
  'barcode',
  'report',
  'statistic',
  'summary',
  'history',
  'log',
  'pdf',
]);

/**
 * Segments that name something made from the records, never the records themselves: files (an image, an export),
 * statistics, analytics, reports. Wherever such a segment stands in a path (/files/product, /api/stat/getTaxes,
 * /reports/products), the route under it serves that, not a record of any collection: a job of its own.
 */
export const outputSegmentWords = new Set(['file', 'stat', 'statistic', 'analytic', 'report']);

export interface Term {
  words: string[];
  concept: Concept;
  /** How strongly the term names the concept (1 plain, less when it is often something else). */
  weight: number;
}

const terms: Term[] = [];
const define = (concept: Concept, weight: number, ...phrases: string[]) => {
  for (const phrase of phrases) terms.push({ words: phrase.split(' '), concept, weight });
};

define('product', 1, 'product', 'article', 'merchandise', 'catalog item', 'catalog product', 'sku');
// A marketplace's "listing" is a product the seller offers there (its title, price and quantity).
// Commodities are goods (a household's things, a trader's wares) as much as "goods" is.
define('product', 0.8, 'item', 'part', 'good', 'goods', 'commodity', 'catalog', 'catalogue', 'listing');
// A restaurant's menu item is what it sells, as a shop's article is.
define('product', 0.8, 'menu item');
define('product', 0.3, 'entity', 'variant', 'product variant', 'item variation');
// A department is first a part of the organisation (its people, its cost centres): it is the products' grouping only
// where the products' records name it (groupingWords, markProductGroupings), as a shop's departments are.
define('category', 1, 'category', 'product group', 'item group', 'taxon');
define('category', 0.6, 'taxonomy');
// A category of what is sold ("sales category", read "sale category"): the goods' own category, not a narrower subject.
define('category', 1, 'sale category');
define('class', 1, 'class', 'subcategory', 'sub category');
define(
  'warehouse',
  1,
  'warehouse',
  'stock location',
  'inventory location',
  'storage location',
  'store room',
  'storeroom',
  'stockroom',
  'depot',
  'warehouse location',
  // A site of the stock is where it is kept, as a location of it is ("inventory site", "stock site").
  'inventory site',
  'stock site',
  'storage site',
);
// Where stock is supplied from: a supply chain's word for a warehouse (a seller's supply sources, a store's inventory
// sources).
define('warehouse', 0.8, 'location', 'inventory source', 'stock source', 'supply source');
define(
  'tax',
  1,
  'tax group',
  'tax rate',
  'tax class',
  'tax category',
  'tax code',
  'vat rate',
  'vat group',
  'gst rate',
  'gst group',
  'tax',
  'vat',
  'gst',
  'tax type',
);
define('tax', 0.6, 'tax region', 'tax zone');
// The tax on what is sold, by its plain names ("sales tax" reads as "sale tax"): a tax, not a narrower subject.
define('tax', 1, 'sale tax', 'value added tax', 'goods and services tax');
// Such a tax's groups, rates, classes and codes are tax groups, rates, classes and codes ("sales tax codes"), not
// codes of something narrower than a tax.
define(
  'tax',
  1,
  ...['sale tax', 'value added tax', 'goods and services tax'].flatMap((tax) =>
    ['group', 'rate', 'class', 'category', 'code'].map((kind) => `${tax} ${kind}`),
  ),
);
define(
  'container',
  1,
  'container',
  'container type',
  'packaging',
  'package type',
  'pack size',
  'quantity unit',
  'purchase unit',
  'unit of measure',
  'uom',
  'case size',
);
define('supplier', 1, 'supplier', 'vendor', 'shopping location', 'purveyor', 'supplier company');
define(
  'level',
  1,
  'stock level',
  'inventory level',
  'stock on hand',
  'on hand',
  'soh',
  'stock item',
  'inventory item',
  'stock',
  'inventory',
  'location level',
  'stock quantity',
  'availability',
  'balance',
  'stock balance',
  'inventory balance',
);
define(
  'count',
  1,
  'stock take',
  'stocktake',
  'physical count',
  'count',
  'recount',
  'cycle count',
  'absolute adjustment',
  'adjustment absolute',
  'take',
  'inventory count',
  // The stock set to a figure (SetStockLevel, "set inventories"): what is there, as a count says, not a change.
  'set stock',
  'set stock level',
  'set inventory',
  'set inventory level',
);
define(
  'receive',
  1,
  'receive',
  'receipt',
  'receiving',
  'goods in',
  'goods inward',
  'goods receipt',
  'goods received',
  'grn',
  'intake',
  'inbound',
  'stock add',
  'add stock',
  // Receiving named with what it brings in ("receive inventory", run together or not): a receipt, not the stock.
  'receive stock',
  'receive inventory',
  'delivery',
  // A delivery or receipt of a purchase is the goods coming in from the supplier, not a narrower kind of delivery.
  'purchase delivery',
  'purchase receipt',
);
define(
  'adjust',
  1,
  'adjust',
  'adjustment',
  'stock adjustment',
  'inventory adjustment',
  'correction',
  'relative adjustment',
  'adjustment relative',
);
// A write-off, a loss or wastage only takes stock away (charged to an expense): venue's adjustment changes a level by
// a signed amount, either way, so a document of losses is a subject of its own.
define('other', 1, 'write off', 'shrinkage', 'wastage');
// A stock movement changes a level by a quantity, in or out: an adjustment, in the vocabulary's languages (a
// transfer between places is a subject of its own).
define('adjust', 0.8, 'stock movement', 'inventory movement');
define(
  'webhook',
  1,
  'webhook',
  'webhook subscription',
  'webhook subscriber',
  'hook',
  'event subscription',
  'callback',
  'callback subscription',
  'notification subscription',
  // Events pushed to the subscriber's endpoint: what a webhook is (a pull subscription is read from a queue).
  'push subscription',
);
define('webhook', 0.6, 'subscription', 'subscriber', 'subscribe');
define(
  'auth',
  1,
  'login',
  'log in',
  'sign in',
  'signin',
  'authenticate',
  'authentication',
  'auth',
  'token',
  'access token',
  'session',
  'jwt',
  'oauth token',
  'auth token',
);
define('health', 1, 'health', 'ping', 'heartbeat', 'alive', 'liveness', 'readiness', 'status');
// The running version is the nearest thing to a health check a service may have (GET /_info/version); weakly, as any
// record may have versions: the answer must say it is the service's (match.ts).
define('health', 0.5, 'system info', 'system status', 'system', 'version', 'system information');
// Subjects of their own that share a word with one of venue's: they name something else.
define(
  'other',
  1,
  'line item',
  'order item',
  'order line',
  'cart item',
  'build item',
  'build line',
  'wished item',
  'wish list',
  'wishlist',
  'shopping list',
  'shopping list item',
  'product tag',
  'tag',
  'product type',
  'item type',
  'entity type',
  'product option',
  'option type',
  'option value',
  'product image',
  'product review',
  'product video',
  'price list',
  'price',
  'pricing',
  'price break',
  'price rule',
  'product import',
  'custom field',
  'metafield',
  'shipping category',
  'shipping method',
  'promotion category',
  'store credit category',
  'store credit',
  'tracking category',
  'tracking option',
  'customer',
  'customer group',
  'shopper',
  'storefront',
  'buyer',
  'expense',
  'expense claim',
  'order',
  'purchase order',
  'sales order',
  'return order',
  'return',
  'claim',
  'exchange',
  'reservation',
  'fulfillment',
  'shipment',
  'payment',
  'invoice',
  'credit note',
  'bank transaction',
  'journal',
  'account',
  'contact',
  'contact group',
  'user',
  'team member',
  'employee',
  'recipe',
  'chore',
  'battery',
  'task',
  'meal plan',
  'notifier',
  'notification',
  'template',
  'attachment',
  'file',
  'currency',
  'region',
  'zone',
  'country',
  'state',
  'address',
  'role',
  'permission',
  'api key',
  'key',
  'channel',
  'sales channel',
  'collection',
  'campaign',
  'promotion',
  'discount',
  'gift card',
  'loyalty',
  'booking',
  'appointment',
  'subscription plan',
  'plan',
  'card',
  'dispute',
  'refund',
  'terminal',
  'device',
  'payout',
  'label',
  'barcode',
  'image',
  'video',
  'review',
  'comment',
  'note',
  'event type',
  'log',
  'stock log',
  'movement',
  'transaction',
  'booking profile',
  'report',
  'statistic',
  'summary',
  'group statistic',
  'maintenance',
  'asset',
  'bom',
  'bill of material',
  'build',
  'manufacturer',
  'manufacturer part',
  'supplier part',
  'company part',
  'parameter',
  'test result',
  'project code',
  'selection',
  'machine',
  'plugin',
  'setting',
  'settings',
  'group',
  'member',
  'invitation',
  'menu',
  'page',
  'section',
  'digital',
  'digital link',
  'classification',
  'adjustable',
  'variation',
  'modifier',
  'modifier list',
  'custom attribute',
  'custom attribute definition',
  'merchant',
  'vendor part',
  'inventory change',
  'inventory transfer',
  'transfer',
  'change',
  // What describes a kind of record (its fields, states, attributes), not the records.
  'metadata',
);

// The same subjects in the languages vendor documents are commonly written in besides English (Portuguese, Spanish,
// German, French, Italian, Dutch, Polish), singular and plural as each language forms them (listed, not stemmed: a
// stemmer's guesses make false friends). Each phrase is read as a document's words are (accents folded, singular()),
// so "depósitos" and "Depositos" are one word. Left out, as another word's in English or another subject's in its
// own language: "taxa" (a fee, pt), "tasa" (any rate, es), "entrada" (an entry or an admission ticket, es/pt),
// "magasin" (a shop, fr), "réception"/"recepción" alone (a hotel's front desk), "Abschreibung" (depreciation, de),
// "telling" (nl, an English word), "client" (fr, an API's client in English), "lote" (a product's lot, pt/es).
const defineForeign = (concept: Concept, weight: number, ...phrases: string[]) =>
  define(concept, weight, ...new Set(phrases.map((phrase) => splitWords(phrase).map(singular).join(' '))));
defineForeign(
  'product',
  1,
  ...['produto', 'produtos', 'producto', 'productos', 'produkt', 'produkte', 'produkten', 'produkty', 'produit'],
  ...['produits', 'prodotto', 'prodotti', 'producten', 'artikel', 'artikelen', 'articolo', 'articoli', 'artículo'],
  ...['artículos', 'artigo', 'artigos', 'mercadoria', 'mercadorias', 'mercancía', 'mercancías'],
);
defineForeign(
  'category',
  1,
  ...['categoria', 'categorias', 'categoría', 'categorías', 'kategorie', 'kategorien', 'catégorie', 'catégories'],
  ...['categorie', 'categorieën', 'kategoria', 'kategorii', 'warengruppe', 'warengruppen', 'produktgruppe'],
  ...['produktgruppen', 'productgroep', 'productgroepen', 'artikelgruppe', 'artikelgruppen'],
);
defineForeign(
  'class',
  1,
  ...['subcategoria', 'subcategorias', 'subcategoría', 'subcategorías', 'unterkategorie', 'unterkategorien'],
  ...['sous-catégorie', 'sous-catégories', 'sottocategoria', 'sottocategorie', 'subcategorie', 'subcategorieën'],
);
defineForeign(
  'warehouse',
  1,
  ...['depósito', 'depósitos', 'armazém', 'armazéns', 'almacén', 'almacenes', 'lagerort', 'lagerorte', 'lagerhaus'],
  ...['lagerhäuser', 'entrepôt', 'entrepôts', 'magazzino', 'magazzini', 'magazijn', 'magazijnen', 'magazyn'],
  ...['magazyny'],
);
// "Lager" is a beer in English too; a bodega a wine shop: both weakly.
defineForeign('warehouse', 0.8, 'lager', 'bodega', 'bodegas');
defineForeign(
  'adjust',
  0.8,
  ...['lagerbewegung', 'lagerbewegungen', 'bestandsbewegung', 'bestandsbewegungen', 'movimiento de stock'],
  ...['movimiento de inventario', 'movimientos de inventario', 'movimentação de estoque', 'movimento de estoque'],
  ...['mouvement de stock', 'mouvements de stock', 'movimento di magazzino', 'voorraadmutatie', 'voorraadbeweging'],
);
// A building goods are kept in and shipped from, by its plain names: a (fulfilment) facility, a fulfilment,
// distribution or logistics centre; in the vocabulary's other languages as one word or phrase.
define(
  'warehouse',
  0.8,
  ...['fulfillment center', 'fulfilment centre', 'fulfillment centre', 'fulfilment center'],
  ...['distribution center', 'distribution centre', 'logistics center', 'logistics centre'],
);
// "Facility" alone is as often a hotel's or a gym's amenities: weaker, so the records must show a place (an address).
define('warehouse', 0.6, 'facility');
defineForeign(
  'warehouse',
  0.8,
  ...['verteilzentrum', 'verteilzentren', 'logistikzentrum', 'logistikzentren', 'distributionszentrum'],
  ...['distributionszentren', 'distributiecentrum', 'distributiecentra', 'logistiek centrum'],
  ...['centro de distribución', 'centro de distribuição', 'centre de distribution', 'centro di distribuzione'],
  ...['centro logístico', 'centre logistique', 'centro logistico', 'centrum dystrybucyjne'],
);
defineForeign(
  'level',
  1,
  ...['estoque', 'estoques', 'existencia', 'existencias', 'inventario', 'inventarios', 'inventari', 'bestand'],
  ...['bestände', 'lagerbestand', 'lagerbestände', 'inventaire', 'inventaires', 'giacenza', 'giacenze', 'voorraad'],
  ...['voorraden', 'saldo', 'saldos', 'saldo de estoque', 'stan magazynowy', 'stany magazynowe'],
);
defineForeign(
  'count',
  1,
  ...['inventur', 'inventuren', 'recuento', 'recuentos', 'conteo', 'conteos', 'contagem', 'contagens', 'comptage'],
  ...['comptages', 'conteggio', 'conteggi', 'inwentaryzacja'],
);
defineForeign(
  'receive',
  1,
  ...['recebimento', 'recebimentos', 'wareneingang', 'wareneingänge', 'ricevimento', 'ricevimenti', 'ontvangst'],
  ...['goederenontvangst', 'przyjęcie'],
);
defineForeign(
  'adjust',
  1,
  ...['ajuste', 'ajustes', 'korrektur', 'korrekturen', 'bestandskorrektur', 'bestandskorrekturen', 'ajustement'],
  ...['ajustements', 'rettifica', 'rettifiche', 'aanpassing', 'aanpassingen', 'correctie', 'correcties'],
  ...['korekta', 'korekty'],
);
defineForeign(
  'supplier',
  1,
  ...['fornecedor', 'fornecedores', 'proveedor', 'proveedores', 'lieferant', 'lieferanten', 'fournisseur'],
  ...['fournisseurs', 'fornitore', 'fornitori', 'leverancier', 'leveranciers', 'dostawca', 'dostawcy'],
);
defineForeign(
  'tax',
  1,
  ...['imposto', 'impostos', 'impuesto', 'impuestos', 'steuer', 'steuern', 'steuersatz', 'steuersätze', 'taxe'],
  ...['imposta', 'imposte', 'belasting', 'belastingen', 'iva', 'mwst', 'mehrwertsteuer', 'umsatzsteuer', 'tva'],
  ...['btw', 'podatek', 'podatki', 'alíquota', 'alíquotas', 'tributo', 'tributos'],
);
defineForeign(
  'container',
  1,
  ...['embalagem', 'embalagens', 'embalaje', 'embalajes', 'verpackung', 'verpackungen', 'emballage', 'emballages'],
  ...['imballaggio', 'imballaggi', 'verpakking', 'verpakkingen', 'opakowanie', 'opakowania'],
);
// Other subjects, named so that a document's orders, customers, invoices and prices are not taken for venue's.
defineForeign(
  'other',
  1,
  ...['pedido', 'pedidos', 'bestellung', 'bestellungen', 'commande', 'commandes', 'ordine', 'ordini', 'bestelling'],
  ...['bestellingen', 'cliente', 'clientes', 'clienti', 'kunde', 'kunden', 'klant', 'klanten', 'fatura', 'faturas'],
  ...['factura', 'facturas', 'rechnung', 'rechnungen', 'facture', 'factures', 'fattura', 'fatture', 'factuur'],
  ...['facturen', 'nota fiscal', 'notas fiscais', 'contato', 'contatos', 'contacto', 'contactos', 'kontakt'],
  ...['kontakte', 'contatti', 'preço', 'preços', 'precio', 'precios', 'preis', 'preise', 'prix', 'prezzo', 'prezzi'],
  ...['prijs', 'prijzen', 'usuario', 'usuarios', 'usuário', 'usuários', 'benutzer', 'utilisateur', 'utilisateurs'],
  ...['utente', 'utenti', 'gebruiker', 'gebruikers', 'anúncio', 'anúncios', 'anuncio', 'anuncios'],
);

// Russian, Turkish and Indonesian, spaced and read as English is (Russian: the nominative singular and plural and the
// genitive plural paths use, listed rather than stemmed); Japanese, Chinese (simplified and traditional), Korean and
// Thai, found inside a run of letters as the longest known term (knownTermsInRuns), so a compound is listed whole
// where it names a narrower subject: 在庫調整 is an adjustment, not stock; คลังสินค้า a warehouse, not a product.
// Left out as false friends: 取引先 (any business partner, ja), 導入 (an introduction, ja; an import only in zh-Hant),
// ผู้ขาย (a seller either way, th), 거래처 (any counterpart, ko), квитанция (any receipt slip, ru), "mal" (ru/tr, a
// word of too many others), "daftar" as a register (id: taken as the list it also is), ใบเสร็จ (a sales receipt, th:
// another subject), 出荷/出庫/出库/출고/отгрузка/pengiriman (goods going out: shipments, another subject).
const defineUnspaced = (concept: Concept, weight: number, ...phrases: string[]) =>
  define(concept, weight, ...phrases.map((phrase) => foldMarks(phrase).toLowerCase()));
defineForeign(
  'product',
  1,
  ...['товар', 'товары', 'товаров', 'продукт', 'продукты', 'продуктов', 'номенклатура', 'номенклатуры'],
  ...['ürün', 'ürünler', 'ürünü', 'ürünleri', 'produk'],
);
defineForeign('product', 0.8, 'barang');
defineUnspaced('product', 1, '商品', '品目', '製品', '产品', '產品', '상품', '제품', '품목', 'สินค้า', 'ผลิตภัณฑ์');
defineUnspaced('product', 0.8, 'アイテム', '物品', '아이템');
defineForeign(
  'category',
  1,
  ...['категория', 'категории', 'категорий', 'kategori', 'kategoriler', 'kategorisi', 'kategorileri'],
);
defineUnspaced(
  'category',
  1,
  'カテゴリ',
  'カテゴリー',
  '商品分類',
  '分类',
  '分類',
  '类别',
  '類別',
  '카테고리',
  'หมวดหมู่',
);
defineForeign('class', 1, 'подкатегория', 'подкатегории', 'подкатегорий', 'alt kategori', 'subkategori');
defineUnspaced('class', 1, 'サブカテゴリ', 'サブカテゴリー', '子分类', '子分類', '하위카테고리');
defineForeign('warehouse', 1, ...['склад', 'склады', 'складов', 'depo', 'depolar', 'gudang']);
defineUnspaced('warehouse', 1, '倉庫', '仓库', '창고', 'คลังสินค้า', '物流倉庫', '物流センター');
defineUnspaced('warehouse', 0.8, 'ロケーション', '保管場所', '库位', '庫位', '로케이션', 'ตำแหน่ง');
defineForeign(
  'level',
  1,
  ...['остаток', 'остатки', 'остатков', 'запас', 'запасы', 'запасов', 'stok', 'stoklar', 'stoku', 'envanter'],
  ...['persediaan', 'inventori'],
);
defineUnspaced('level', 1, '在庫', '在庫数', '库存', '庫存', '재고', 'สต็อก', 'สต๊อก', 'สินค้าคงคลัง', 'คงคลัง');
defineForeign(
  'count',
  1,
  ...['инвентаризация', 'инвентаризации', 'инвентаризаций', 'sayım', 'sayımı', 'sayımlar', 'stok sayımı'],
  // Turkish written without its dotless ı, as paths are.
  ...['sayim', 'sayimi', 'sayimlar', 'stok sayimi'],
  ...['stok opname', 'opname'],
);
defineUnspaced('count', 1, '棚卸', '棚卸し', '実地棚卸', '盘点', '盤點', '재고실사', '실사', 'ตรวจนับ', 'ตรวจนับสต็อก');
defineForeign(
  'receive',
  1,
  ...['поступление', 'поступления', 'поступлений', 'приемка', 'приемки', 'приёмка', 'mal kabul', 'penerimaan'],
  ...['penerimaan barang'],
);
defineUnspaced('receive', 1, '入荷', '入庫', '入库', '收货', '收貨', '입고', 'รับสินค้า', 'รับเข้า');
defineForeign(
  'adjust',
  1,
  ...['корректировка', 'корректировки', 'корректировок', 'düzeltme', 'düzeltmeler', 'stok düzeltme'],
  ...['penyesuaian', 'penyesuaian stok'],
);
defineUnspaced(
  'adjust',
  1,
  '在庫調整',
  '調整',
  '调整',
  '库存调整',
  '庫存調整',
  '조정',
  '재고조정',
  'ปรับปรุง',
  'ปรับสต็อก',
);
defineForeign('supplier', 1, ...['поставщик', 'поставщики', 'поставщиков', 'tedarikçi', 'tedarikçiler', 'pemasok']);
defineUnspaced(
  'supplier',
  1,
  '仕入先',
  '供給者',
  'サプライヤー',
  '供应商',
  '供應商',
  '공급업체',
  '공급자',
  'ซัพพลายเออร์',
  'ผู้จำหน่าย',
);
defineForeign('tax', 1, ...['налог', 'налоги', 'налогов', 'ндс', 'vergi', 'vergiler', 'kdv', 'pajak', 'ppn']);
defineUnspaced('tax', 1, '税', '税率', '消費税', '稅', '稅率', '增值税', '세금', '세율', '부가세', 'ภาษี');
defineForeign('container', 1, ...['упаковка', 'упаковки', 'упаковок', 'ambalaj', 'kemasan']);
defineUnspaced('container', 1, '梱包', '荷姿', '包装', '包裝', '容器', '포장', 'บรรจุภัณฑ์');
defineForeign('webhook', 1, 'вебхук', 'вебхуки', 'вебхуков');
defineUnspaced('webhook', 1, 'ウェブフック', 'Webフック', '网络钩子', '웹훅', 'เว็บฮุก');
defineForeign(
  'other',
  1,
  ...['заказ', 'заказы', 'заказов', 'клиент', 'клиенты', 'клиентов', 'покупатель', 'покупатели', 'счет', 'счета'],
  ...[
    'метаданные',
    'метаданных',
    'счетов',
    'цена',
    'цены',
    'цен',
    'отгрузка',
    'отгрузки',
    'sipariş',
    'siparişler',
    'müşteri',
    'müşteriler',
  ],
  ...['fiyat', 'fiyatlar', 'pesanan', 'pelanggan', 'faktur', 'harga', 'pengiriman'],
);
defineUnspaced(
  'other',
  1,
  ...['注文', '受注', '発注', '出荷', '出庫', '顧客', '請求書', '価格', '料金', '订单', '訂單', '客户', '客戶', '发票'],
  ...['發票', '价格', '價格', '出库', '发货', '發貨', '주문', '고객', '송장', '가격', '출고', 'คำสั่งซื้อ', 'ลูกค้า'],
  ...['ใบแจ้งหนี้', 'ราคา', 'ใบเสร็จ', 'ใบกำกับภาษี', 'メタデータ', '元数据', '메타데이터'],
);

const termsByFirst = new Map<string, Term[]>();
for (const term of terms) {
  const list = termsByFirst.get(term.words[0]!) ?? [];
  list.push(term);
  termsByFirst.set(term.words[0]!, list);
}
for (const list of termsByFirst.values()) list.sort((a, b) => b.words.length - a.words.length);

export interface TermHit {
  term: Term;
  /** Index of its first word in the words given. */
  at: number;
  /** The words as they stood: "stock location". */
  text: string;
}

/** The terms in a run of words, longest first and left to right; a word belongs to one term at most. */
export function findTerms(words: string[]): TermHit[] {
  const hits: TermHit[] = [];
  for (let i = 0; i < words.length;) {
    const candidates = termsByFirst.get(words[i]!) ?? [];
    const found = candidates.find((term) => term.words.every((w, k) => words[i + k] === w));
    if (found) {
      hits.push({ term: found, at: i, text: words.slice(i, i + found.words.length).join(' ') });
      i += found.words.length;
    } else i++;
  }
  return hits;
}

/**
 * Words that name the scope a whole service sits in, one per venue: a
 * parameter named so (tenant, projectKey, storeHash, accountId) that scopes
 * several collections is the venue's key, not a record's id.
 */
export const serviceScopeWords = new Set([
  'tenant',
  'project',
  'store',
  'shop',
  'account',
  'organization',
  'organisation',
  'org',
  'company',
  'workspace',
  'realm',
  'merchant',
  'business',
  'site',
  'seller',
  'administration',
]);

/** Words a parameter's name ends in that say only that it identifies something: "id" of productId, "key" of projectKey. */
export const identifierWords = new Set([
  'id',
  'ids',
  'key',
  'code',
  'hash',
  'slug',
  'uuid',
  'guid',
  'pk',
  'name',
  'no',
  'number',
  'ref',
]);

/**
 * Words that name a part of a service its routes are grouped in, for whom or
 * how, not a narrower subject: "admin" of /admin/categories, "platform" of
 * /platform/products, "configuration" of /configuration/warehouses. A word
 * before a subject that is not one of these narrows it ("expense
 * categories", "build items", "oidc callback"); one after a subject names no
 * subject of its own (/webhook/config is the webhooks' configuration).
 */
export const namespaceWords = new Set([
  'configuration',
  'config',
  'setting',
  'settings',
  'setup',
  'preference',
  'masterdata',
  'reference',
  'lookup',
  'admin',
  'administration',
  'platform',
  'management',
  'manage',
  'manager',
  'internal',
  'external',
  'backoffice',
  'backend',
  'integration',
  'partner',
  'core',
  'common',
  'general',
  'app',
  'apps',
  'application',
  'portal',
  'web',
  'global',
  'all',
  'active',
  'list',
  'v',
  'beta',
  'alpha',
  'legacy',
  'new',
  'current',
  // The deployment a route acts in (/environment/webhooks), not a subject of its own.
  'environment',
  // The point of sale a venue's records are kept for (/pos-categories, /pos/products): the service itself.
  'pos',
  // Likewise the commerce a venue sells through (/ecommerce/products beside /accounting/items in an API of many
  // domains, /commerce/categories): the part of the service that is venue's, no narrower subject.
  'ecommerce',
  'commerce',
]);

/**
 * Nouns for a set things are filed in: a product record's field named so (commodityGroup, productFolder,
 * shop_section_id) refers to what its products are grouped under, a category by its role, whatever the vendor calls
 * the collection. In the languages the vocabulary knows; as wordsOf reads them (accents folded, singular).
 */
export const groupingWords = new Set([
  ...['group', 'folder', 'section', 'family', 'department'],
  ...['gruppe', 'ordner', 'familie', 'sektion', 'abteilung'],
  ...['grupo', 'carpeta', 'familia', 'seccion', 'secao'],
  ...['groupe', 'famille', 'rubrique'],
  ...['gruppo', 'cartella', 'famiglia', 'sezione'],
  ...['groep', 'sectie'],
  ...['grupa', 'sekcja'],
  ...['grup', 'kelompok'],
]);

/** Path segments that make a route the signed-in user's own view ("/me/categories"), not the service's records. */
export const selfSegments = new Set(['me', 'my', 'mine', 'self', 'myself']);

/** Words after which a subject named is an argument of the one before it ("stock balances for a SKU"), not the route's own. */
export const prepositionWords = new Set([
  'for',
  'of',
  'by',
  'per',
  'in',
  'into',
  'from',
  'on',
  'at',
  'to',
  'with',
  'within',
  'under',
  'belonging',
  // The same in other languages.
  'de',
  'do',
  'da',
  'dos',
  'del',
  'des',
  'du',
  'di',
  'della',
  'delle',
  'dei',
  'von',
  'fur',
  'pro',
  'van',
  'voor',
  'por',
  'para',
  'pour',
  'per',
  'dla',
  'na',
  'em',
  'en',
  'im',
  'nel',
  // Russian, Indonesian and Thai, whose prepositions stand before their noun as English ones do (Japanese の, Chinese
  // 的, Korean 의 and Turkish postpositions put the narrowing word first, as English compounds do: no preposition).
  'на',
  'для',
  'по',
  'в',
  'из',
  'от',
  'с',
  'untuk',
  'dari',
  'di',
  'ke',
  'oleh',
  'dengan',
  'ของ',
  'สำหรับ',
  'จาก',
]);

// Venue's 21 inventory operations weighed against every operation of the
// vendor's document, on every signal the document gives, and mapped only on
// evidence. Each of venue's operations has a profile: the methods and path
// shape it can call, the kind of operation it is, its subject, and the fields
// its request or response carries (a stock take sends lines of product and
// counted quantity to a warehouse; a webhook has a URL and event types).
// A candidate is refused outright when it cannot be called that way (method,
// path parameters), is another kind of operation (a create is never an
// update), or says it is a job of its own (import, bulk, maintenance, "add
// missing…"); the others are scored on their words and above all their
// schemas. Below the threshold an operation stays unmapped, listed with its
// best candidates and why each fell short.

import type { HttpVerb, InventoryOperation } from '../inventory/routes.js';
import { inventoryOperationNames, JSON_PATCH_OPERATIONS } from '../inventory/routes.js';
import { isPagingQuery } from './list-shape.js';
import type { SchemaField } from './operations.js';
import {
  bareIdWords,
  headOf,
  keyedSegmentsRead,
  normaliseName,
  SECTION_COLLECTIONS,
  sectionDepth,
  sectionSegments,
  sharedPrefixLength,
  type FieldSet,
  type Head,
  type KeyedStockWrite,
  type Reading,
} from './route-reading.js';
import {
  findTerms,
  namespaceWords,
  selfSegments,
  groupingWords,
  identifierWords,
  kindWords,
  serviceScopeWords,
  singular,
  splitWords,
  wordsOf,
  type Concept,
  type Kind,
} from './vocabulary.js';

// ---------------------------------------------------------------- fields

interface FieldGroup {
  /** In words, for the review: "a price". */
  label: string;
  names: string[];
  /** A field whose name has one of these words counts too ("unit_price", "default_price"). */
  words?: string[];
  /** An amount: only a field that could hold a number counts, never a yes or no or a reference (FieldSet.amounts). */
  amount?: boolean;
  /** A field whose normalised name ends in one of these counts too, as written ("allowedtypes" of "types"). */
  endings?: string[];
  /** A field whose normalised name begins with one of these counts too ("openingtimemonday" of "openingtime"). */
  beginnings?: string[];
}

const group = (
  label: string,
  names: string,
  words?: string,
  amount = false,
  endings?: string,
  beginnings?: string,
): FieldGroup => ({
  label,
  names: names.split(' '),
  words: words?.split(' '),
  ...(amount ? { amount } : {}),
  ...(endings ? { endings: endings.split(' ') } : {}),
  ...(beginnings ? { beginnings: beginnings.split(' ') } : {}),
});

const rateNames = 'rate taxrate percentage percent rates ratepercent effectiverate taxpercent';
const rateWords = 'rate percent percentage';

const F = {
  productRef: group(
    'a product',
    'productid product products partid part itemid item sku variantid variant catalogobjectid productcode articleid inventoryitemid stockitemid itemcode productids skuid pk',
    'product part sku variant',
  ),
  quantity: group(
    'a quantity',
    'quantity qty amount count onhand quantityonhand available availablequantity stockquantity stocklevel countonhand stockedquantity inventorylevel totalonhand totalinventoryonhand availabletosell instock currentstock stock balance newamount inventorylevels locationlevels',
    'quantity qty hand available stock',
    true,
  ),
  counted: group(
    'a counted quantity',
    // The quantity on hand or the level written to the stock is what is there: what a count finds.
    'countedquantity counted count physicalcount newamount newquantity actualquantity quantity qty onhand quantityonhand stockonhand level stocklevel newqty actualqty countedqty physicalquantity newcount newstock newlevel stock',
    'counted',
    true,
  ),
  adjustment: group(
    'an adjustment',
    'adjustmentquantity adjustment delta change quantitychange difference quantity qty amount',
    // A difference is a change (quantityDifference, "a positive or negative number").
    'adjustment delta difference',
    true,
  ),
  warehouse: group(
    'a warehouse',
    'warehouseid warehouse locationid location stocklocationid stocklocation storeid siteid site depotid branchid locations',
    'warehouse location',
  ),
  value: group(
    'a value or cost',
    'value cost unitcost price purchaseprice costprice unitprice totalcost lastprice purchaseprices',
    'cost',
  ),
  purchaseRef: group(
    'a supplier, purchase order or invoice',
    'ponumber purchaseorder purchaseorderid po invoice invoicenumber supplierid supplier vendorid deliverynote grn reference',
    'invoice supplier',
  ),
  reason: group('a reason or comment', 'comment reason note notes memo remarks description', 'reason comment note'),
  name: group('a name', 'name title label productname itemname displayname fullname', 'name title'),
  /**
   * What a record is known by, found by its role whatever the vendor's habit: a name or title, a key, a code, a SKU
   * (product_key, item_code, sku, title). A record of venue's always has one.
   */
  identity: group(
    'a name, title, key, code or SKU',
    'name title label displayname fullname key code sku handle slug productname itemname productkey itemkey productcode itemcode skucode identifier',
    'name title key code sku',
  ),
  description: group(
    'a description',
    'description productdescription desc details longdescription subtitle',
    'description',
  ),
  price: group(
    'a price',
    'price sellprice saleprice unitprice retailprice listprice defaultprice sellingprice salesprice baseprice pricemoney prices salesdetails calculatedprice',
    'price',
  ),
  code: group(
    'a code, SKU or barcode',
    'sku code productcode itemcode barcode barcodes upc ean gtin ipn partnumber mpn handle',
    'sku barcode upc ean gtin',
  ),
  categoryRef: group(
    'a category',
    'categoryid category categories groupid productgroupid taxons taxonids categoryids',
    'category categ taxon department',
  ),
  parent: group(
    'a parent',
    'parent parentid parentcategory parentcategoryid children child level depth tree path pathstring ancestors ancestry lft rgt permalink pretty_name',
    'parent children',
  ),
  contact: group(
    'an e-mail, phone or address',
    'email phone telephone fax contact contactname address address1 addressline1 street city town postcode zip website accountnumber accountno paymentterms taxnumber abn vatnumber',
    'email phone address contact postcode',
  ),
  supplierCode: group('a supplier code', 'suppliercode code vendorcode accountnumber accountno', undefined),
  /** What makes a named record a business one trades with: contact details, a code or number, or its trade terms. */
  trade: group(
    'contact details, a supplier code or number, or trade terms',
    'email phone telephone fax contact contactname address address1 addressline1 street city postcode zip website accountnumber accountno paymentterms terms taxnumber taxid abn vatnumber suppliercode vendorcode suppliernumber vendornumber code number currency currencycode leadtime',
    'email phone address contact postcode currency terms',
  ),
  // A sink is where a subscription's events are sent (the name CloudEvents' subscription API gives it).
  url: group(
    'a URL',
    'url destination callback callbackurl notificationurl endpoint uri target targeturl webhookurl deliveryurl notificationsurl sink postback postbackurl hookurl',
    'url uri',
  ),
  events: group(
    'event types',
    // Subscriptions name what they follow: event types or topics, or the resources or entities whose changes they send.
    // Beside a URL to call, a bare type, the types it filters on, or the class of objects it follows says what it
    // follows (Type, filterTypes, object_class); a type of the hook itself (webhook_type: before or after) does not.
    'events eventtypes eventtype event topics topic scope types triggers eventnames resource resources entity entityname entitytype resourcename resourcetype changetype type filtertypes objectclass',
    'event topic trigger',
    false,
    // Types in the plural, whatever word qualifies them (allowedTypes, enabled_types), are the types it is sent for;
    // a hook's own type in the singular (webhook_type) is not.
    'types',
  ),
  secret: group('a secret', 'secret signaturekey signingsecret hmacsecret sharedsecret headers', 'secret signature'),
  active: group('an active flag', 'isactive active enabled status', 'active enabled'),
  credentialId: group(
    'a key, client id or user name',
    'apikey key clientid username user email login userid accesskey appkey identifier',
    'username login',
  ),
  credentialSecret: group(
    'a secret or password',
    'apisecret secret password clientsecret pass secretkey pin passcode',
    'password secret',
  ),
  token: group('a token', 'token accesstoken jwt idtoken authtoken bearertoken sessiontoken bearer', 'token'),
  health: group(
    'a status',
    'status health healthy ok database db uptime checks alive ready dbstatus services',
    'health status',
  ),
  version: group('a version', 'version versions build apiversion', 'version'),
  rate: group('a rate', rateNames, rateWords),
  // The same names read as a figure only: a reference to a record called a rate (RateId, a rental rate's) or a yes or
  // no (Taxable) holds no rate. What a tax group is known by is the rate it charges, so only a figure says one.
  rateFigure: group('a rate', rateNames, rateWords, true),
  containerSize: group(
    'a size or conversion',
    'quantity size factor conversion units unitsper multiplier capacity contains quantityper baseunit nameplural plural',
    'factor conversion plural',
  ),
  marketplace: group(
    "a marketplace seller's commission, payout or onboarding",
    'platformfee commission commissionrate payout payoutaccount invitationmessage onboarding onboardingstate storefront sellerid marketplace',
    'commission payout onboarding marketplace',
  ),
  /**
   * What a place that sells to guests has (opening hours, the order and payment types it takes, its till): a "vendor"
   * with these is a selling point, a stand or a shop, not a business venue buys from.
   */
  // "Opening" is a place's hours only with a word of time after it (opening_time_monday, openingDays): an opening
  // balance, quantity or date is an account's or a record's first figure.
  sellingPoint: group(
    'opening hours, order or payment types or a till of a place that sells',
    'openhours openinghours hoursofoperation businesshours tradinghours paymenttypes ordertypes terminalid terminals tipenabled',
    undefined,
    false,
    undefined,
    'openinghour openingtime openingday',
  ),
  /** A count of the products a record holds: a catalogue, an assortment, a collection of products, not a product. */
  holdsProducts: group(
    'a count of the products it holds',
    'productcount productscount assignedproductcount ownedproductcount numberofproducts totalproducts productstotal',
    undefined,
  ),
  /**
   * A lesson people book a place in (its capacity, its bookings, its waiting list), taught by someone (a teacher, the
   * staff) as a kind of session (a session type, a prerequisite): a class a studio teaches, not a class products are
   * grouped in.
   */
  lesson: group(
    'a lesson (places people book, a teacher, a session type)',
    'capacity maxcapacity webcapacity totalbooked booked bookingstatus bookingwindow waitlistsize iswaitlistavailable spotsavailable spotsleft attendees sessiontype sessiontypeid prereq prerequisite prerequisites teacher teachers instructor instructors',
    'capacity waitlist attendees prereq prerequisite teacher instructor',
  ),
  /** A delivery to a message queue or topic (SQS, SNS, Pub/Sub, EventBridge), not an HTTPS URL venue can register. */
  queue: group(
    'a message queue or topic to deliver to (a queue URL, an ARN)',
    'queueurl queuearn topicarn sqs sns pubsub eventbridge eventgrid kinesis',
    'queue arn sqs sns pubsub eventbridge kinesis',
  ),
  currency: group('a currency', 'currency currencycode', 'currency'),
  /** A sum paid by a date (its due date, the account it is paid from or was paid on): a payment, not a rate. */
  payment: group(
    'a due date or a payment',
    'duedate paymentaccount paymentaccountid paiddate paymentdate paidat paidon amountdue amountpaid',
    undefined,
  ),
  place: group(
    'an address or kind of place',
    'address address1 city country street postcode zip addressline1 code type locationtype isdefault pathstring structural active',
    'address city country',
  ),
};

/**
 * The same fields in the languages vendor documents are commonly written in besides English (Portuguese, Spanish,
 * German, French, Italian, Dutch, Polish): a word of a field's name counts for its group as the English one does
 * ("nome", "preço", "Bezeichnung", "quantità" alike), read as a document's words are (accents folded, singular).
 */
const foreignFieldWords: Partial<Record<keyof typeof F, string>> = {
  name: 'nome nombre bezeichnung nom naam nazwa titulo titel titre titolo',
  // Portuguese and Spanish records (a deposit, a category) are commonly known by their "descrição" where English
  // ones have a name: a record's label, not a long text.
  identity:
    'nome nombre bezeichnung nom naam nazwa titulo titel titre titolo codigo codice artikelnummer kod referencia descricao descripcion',
  description: 'descricao descripcion beschreibung descrizione omschrijving beschrijving opis',
  price: 'preco precio preis prix prezzo prijs',
  code: 'codigo codice artikelnummer kod',
  quantity:
    'quantidade cantidad menge anzahl quantite quantita hoeveelheid aantal ilosc estoque existencia bestand voorraad giacenza saldo',
  productRef: 'produto producto produkt produit prodotto artikel articolo',
  warehouse: 'deposito almacen lager lagerort entrepot magazzino magazijn magazyn',
  categoryRef: 'categoria kategorie categorie kategoria warengruppe produktgruppe artikelgruppe productgroep',
  parent: 'pai padre ouder eltern',
  contact: 'telefone telefono telefon adresse endereco direccion indirizzo adres',
  trade: 'telefone telefono telefon adresse endereco direccion indirizzo adres',
  value: 'custo costo kosten cout kost',
  reason: 'motivo grund raison reden observacao observacion bemerkung kommentar commentaire commento opmerking',
};
for (const [key, text] of Object.entries(foreignFieldWords)) {
  const target = F[key as keyof typeof F];
  target.words = [...(target.words ?? []), ...text.split(' ').flatMap(wordsOf)];
}

interface Expectation {
  group: FieldGroup;
  weight: number;
  /** Looked for inside an array of lines (items[], lines[]) as well as at the top. */
  lines?: boolean;
}

interface Profile {
  methods: HttpVerb[];
  params: 0 | 1;
  kinds: Partial<Record<Kind, number>>;
  concepts: Partial<Record<Concept, number>>;
  /** Which body carries the fields venue reads or writes. */
  body: 'request' | 'response' | 'none';
  fields: Expectation[];
  /** The request must hold an array of lines (a stock take, a receipt). */
  needsLines?: boolean;
  /** Fields it cannot be without, when the document shows the body at all. */
  need?: FieldGroup[];
  /** Fields that say it is something else (a price on a category list, a URL on a product). */
  against?: FieldGroup[];
  /** Fields that say it is another thing altogether (a marketplace seller is not a supplier); the whole collection is taken for it. */
  contradicts?: FieldGroup[];
  /** Venue's words for what it looks for: "products", "a stock take". */
  subject: string;
}

const e = (group: FieldGroup, weight: number, lines?: boolean): Expectation => ({ group, weight, lines });
const LIST = { list: 1 } as const;
const READ = { read: 1 } as const;
const CREATE = { create: 1, upsert: 0.3 } as const;
const UPDATE = { update: 1, upsert: 0.3 } as const;
const MOVEMENT = { create: 1, update: 0.8, action: 0.8, upsert: 0.5 } as const;

const productFields = [e(F.identity, 1), e(F.price, 0.7), e(F.code, 0.7), e(F.description, 0.4), e(F.categoryRef, 0.3)];

export const profiles: Record<InventoryOperation, Profile> = {
  authenticate: {
    methods: ['POST'],
    params: 0,
    kinds: { create: 1, action: 1, update: 0.5, upsert: 0.5, list: 0.5 },
    concepts: { auth: 1 },
    body: 'request',
    need: [F.credentialSecret],
    fields: [e(F.credentialId, 1), e(F.credentialSecret, 1)],
    subject: 'a login that returns a token',
  },
  health: {
    methods: ['GET'],
    params: 0,
    kinds: { list: 1, read: 1 },
    concepts: { health: 1 },
    body: 'response',
    fields: [e(F.health, 1), e(F.version, 0.5)],
    subject: 'health or status',
  },
  listProducts: {
    methods: ['GET'],
    params: 0,
    kinds: LIST,
    concepts: { product: 1 },
    body: 'response',
    need: [F.identity],
    contradicts: [F.holdsProducts],
    fields: productFields,
    against: [F.url, F.rate],
    subject: 'products',
  },
  getProduct: {
    methods: ['GET'],
    params: 1,
    kinds: READ,
    concepts: { product: 1 },
    body: 'response',
    need: [F.identity],
    contradicts: [F.holdsProducts],
    fields: productFields,
    against: [F.url, F.rate],
    subject: 'a product',
  },
  createProduct: {
    methods: ['POST', 'PUT'],
    params: 0,
    kinds: CREATE,
    concepts: { product: 1 },
    body: 'request',
    need: [F.identity],
    contradicts: [F.holdsProducts],
    fields: productFields,
    against: [F.url],
    subject: 'products',
  },
  updateProduct: {
    methods: ['PATCH', 'PUT', 'POST'],
    params: 1,
    kinds: UPDATE,
    concepts: { product: 1 },
    body: 'request',
    need: [F.identity],
    contradicts: [F.holdsProducts],
    fields: productFields,
    against: [F.url],
    subject: 'a product',
  },
  listCategories: {
    methods: ['GET'],
    params: 0,
    kinds: LIST,
    concepts: { category: 1 },
    body: 'response',
    need: [F.identity],
    fields: [e(F.identity, 1), e(F.parent, 0.5)],
    against: [F.price, F.url, F.rate],
    subject: 'categories',
  },
  listClasses: {
    methods: ['GET'],
    params: 0,
    kinds: LIST,
    concepts: { class: 1 },
    body: 'response',
    need: [F.identity],
    fields: [e(F.identity, 1), e(F.categoryRef, 1)],
    against: [F.price, F.url, F.rate],
    contradicts: [F.lesson],
    subject: 'classes',
  },
  listWarehouses: {
    methods: ['GET'],
    params: 0,
    kinds: LIST,
    concepts: { warehouse: 1 },
    body: 'response',
    need: [F.identity],
    fields: [e(F.identity, 1), e(F.place, 0.7)],
    against: [F.price, F.url, F.rate],
    subject: 'warehouses or stock locations',
  },
  listTaxGroups: {
    methods: ['GET'],
    params: 0,
    kinds: LIST,
    concepts: { tax: 1 },
    body: 'response',
    need: [F.identity],
    fields: [e(F.identity, 0.7), e(F.rateFigure, 1)],
    against: [F.url],
    // Taxes that are paid (a due date, the account they are paid from) are payments of tax, not a rate products carry.
    contradicts: [F.payment],
    subject: 'tax groups or rates',
  },
  listContainers: {
    methods: ['GET'],
    params: 0,
    kinds: LIST,
    concepts: { container: 1 },
    body: 'response',
    // A container type says how many units it holds: a parcel type with dimensions alone is a carrier's, not venue's.
    need: [F.identity, F.containerSize],
    fields: [e(F.identity, 0.7), e(F.containerSize, 1)],
    against: [F.price, F.url],
    subject: 'container types',
  },
  listSuppliers: {
    methods: ['GET'],
    params: 0,
    kinds: LIST,
    concepts: { supplier: 1 },
    body: 'response',
    need: [F.identity, F.trade],
    contradicts: [F.marketplace, F.sellingPoint],
    fields: [e(F.identity, 1), e(F.contact, 1)],
    against: [F.price, F.url],
    subject: 'suppliers',
  },
  createSupplier: {
    methods: ['POST', 'PUT'],
    params: 0,
    kinds: CREATE,
    concepts: { supplier: 1 },
    body: 'request',
    need: [F.identity, F.trade],
    contradicts: [F.marketplace, F.sellingPoint],
    fields: [e(F.identity, 1), e(F.contact, 1), e(F.supplierCode, 0.4)],
    subject: 'suppliers',
  },
  stockLevels: {
    methods: ['GET'],
    params: 0,
    kinds: LIST,
    concepts: { level: 1 },
    body: 'response',
    need: [F.quantity],
    fields: [e(F.productRef, 1, true), e(F.quantity, 1, true), e(F.warehouse, 0.5, true)],
    against: [F.url],
    subject: 'stock levels',
  },
  stockTake: {
    methods: ['POST', 'PUT'],
    params: 0,
    kinds: MOVEMENT,
    concepts: { count: 1 },
    body: 'request',
    need: [F.counted],
    needsLines: true,
    fields: [e(F.productRef, 0.7, true), e(F.counted, 1, true), e(F.warehouse, 0.5, true), e(F.reason, 0.3)],
    subject: 'a stock take or count',
  },
  receiveStock: {
    methods: ['POST', 'PUT'],
    params: 0,
    kinds: MOVEMENT,
    concepts: { receive: 1 },
    body: 'request',
    // What was received is named by product: a notice that names none (an inbound shipment's boxes) is no receipt.
    need: [F.quantity, F.productRef],
    needsLines: true,
    fields: [
      e(F.productRef, 0.7, true),
      e(F.quantity, 1, true),
      e(F.value, 0.4, true),
      e(F.purchaseRef, 0.4),
      e(F.warehouse, 0.4, true),
    ],
    subject: 'a stock receipt',
  },
  adjustStock: {
    methods: ['POST', 'PUT'],
    params: 0,
    kinds: MOVEMENT,
    concepts: { adjust: 1 },
    body: 'request',
    need: [F.productRef, F.adjustment],
    fields: [e(F.productRef, 1, true), e(F.adjustment, 1, true), e(F.warehouse, 0.5, true), e(F.reason, 0.5, true)],
    subject: 'a stock adjustment',
  },
  listWebhooks: {
    methods: ['GET'],
    params: 0,
    kinds: LIST,
    concepts: { webhook: 1 },
    body: 'response',
    // A subscription is to events: a hook called from inside the service's own methods, named by none, is not one.
    need: [F.url, F.events],
    contradicts: [F.queue],
    fields: [e(F.url, 1), e(F.events, 1)],
    subject: 'webhook subscriptions',
  },
  createWebhook: {
    methods: ['POST', 'PUT'],
    params: 0,
    kinds: CREATE,
    concepts: { webhook: 1 },
    body: 'request',
    need: [F.url, F.events],
    contradicts: [F.queue],
    fields: [e(F.url, 1), e(F.events, 1), e(F.secret, 0.3)],
    subject: 'webhook subscriptions',
  },
  updateWebhook: {
    methods: ['PATCH', 'PUT', 'POST'],
    params: 1,
    kinds: UPDATE,
    concepts: { webhook: 1 },
    body: 'request',
    contradicts: [F.queue],
    fields: [e(F.url, 1), e(F.events, 1), e(F.secret, 0.3), e(F.active, 0.3)],
    subject: 'a webhook subscription',
  },
  deleteWebhook: {
    methods: ['DELETE'],
    params: 1,
    kinds: { delete: 1 },
    concepts: { webhook: 1 },
    body: 'none',
    fields: [],
    subject: 'a webhook subscription',
  },
};

/** Names (normalised) of a record's fields that say nothing of what it follows or what it is: its id, dates, its note. */
const bookkeepingNames = new Set([
  'id',
  'uuid',
  'guid',
  'created',
  'updated',
  'modified',
  'createdat',
  'updatedat',
  'modifiedat',
  'createdon',
  'updatedon',
  'datecreated',
  'dateupdated',
  'datemodified',
  'lastmodified',
  'description',
]);

/** A webhook record that is a URL to call and nothing else (bookkeepingNames, a secret, an active flag aside). */
function urlAlone(body: FieldSet): boolean {
  const url = groupMatches(body, F.url, false);
  if (!url) return false;
  return [...body.names].every(
    (name) =>
      name === url || F.secret.names.includes(name) || F.active.names.includes(name) || bookkeepingNames.has(name),
  );
}

/**
 * Webhook subscriptions by their own full name: the path's head is "webhook" or a subscription its words name at full
 * weight (webhook subscription, event subscription), and the path's last segment is that name or its end
 * (/webhooks, /webhook-subscriptions, /webhooks/subscriptions), no action on them and no other word.
 */
function subscribedByName(reading: Reading): boolean {
  const { head } = reading;
  if (head.concept !== 'webhook' || head.weight < 1) return false;
  const headWords = head.text.split(' ');
  if (head.text !== 'webhook' && !['subscription', 'subscriber'].includes(headWords[headWords.length - 1]!))
    return false;
  const last = lastSegmentWords(reading.path);
  return (
    last.length > 0 && last.length <= headWords.length && last.join(' ') === headWords.slice(-last.length).join(' ')
  );
}

/** Records that hold a name and nothing else of their own (their id and dates aside). */
function nameAlone(body: FieldSet): boolean {
  const name = groupMatches(body, F.name, false);
  if (!name) return false;
  return [...body.names].every((n) => n === name || bookkeepingNames.has(n));
}

/** Below this an operation stays unmapped. */
export const CONFIDENCE_THRESHOLD = 0.5;
/** Scores are out of this. */
const SCALE = 7;

// ---------------------------------------------------------------- scoring

export interface Scored {
  operation: InventoryOperation;
  index: number;
  confidence: number;
  reasons: string[];
  fields: string[];
  /** Why it cannot be this operation at all; absent when it was scored. */
  refused?: string;
  /** How much its words name venue's subject (to rank refused candidates worth naming). */
  subject: number;
  /** Its path, operationId, summary or a tag names venue's subject at all. */
  named: boolean;
  total: number;
  /** Fields that make it another thing altogether (for the whole collection, through its siblings). */
  contradiction?: string;
  /** A narrower subject than venue's the evidence found: it keeps the route below the threshold. */
  narrowing?: string;
  /** An update that replaces the record (it requires the record's other values on every call): sent whole. */
  replaces?: true;
}

function groupMatches(set: FieldSet, group: FieldGroup, lines: boolean): string | undefined {
  const names = group.amount ? set.amounts.names : set.names;
  const pools = lines ? [names, group.amount ? set.amounts.lineNames : set.lineNames] : [names];
  for (const pool of pools) for (const name of group.names) if (pool.has(name)) return name;
  if (group.endings)
    for (const pool of pools)
      for (const name of pool) if (group.endings.some((ending) => name.endsWith(ending))) return name;
  if (group.beginnings)
    for (const pool of pools)
      for (const name of pool) if (group.beginnings.some((beginning) => name.startsWith(beginning))) return name;
  const words = group.amount ? set.amounts.words : set.words;
  if (group.words) for (const word of group.words) if (words.has(word)) return word;
  return undefined;
}

const sourceWeight = { path: 3, operationId: 2.5, summary: 1.5, tag: 1 } as const;

/** Things a venue keeps records of; a path naming one under another subject ("/stock/products") is about that other subject. */
const resourceConcepts = new Set<Concept>([
  'product',
  'category',
  'class',
  'warehouse',
  'tax',
  'container',
  'supplier',
  'webhook',
]);

/**
 * How much the route's words name venue's subject, and the narrowing the
 * evidence found, if any: a word before the subject that makes it a narrower
 * one ("expense categories", "order products"), a subject of venue's the path
 * puts it under ("/stock/products/{id}" is a product's stock), a path that
 * names a subject venue has no operation for ("line items"), a summary that
 * says so, or the signed-in user's own view ("/me/categories"). A narrowed
 * route stays below the threshold (score caps it): it is a candidate a
 * person may pick, never a mapping on evidence.
 */
function subjectScore(
  profile: Profile,
  reading: Reading,
): { score: number; reasons: string[]; named: boolean; narrowing?: string } {
  const wanted = (concept: Concept | undefined) => (concept ? (profile.concepts[concept] ?? 0) : 0);
  const reasons: string[] = [];
  const sources: number[] = [];
  const head = (name: 'path' | 'operationId', h: Head | undefined, shown: string) => {
    if (!h) return;
    const w = wanted(h.concept) * h.weight;
    if (w > 0) {
      sources.push(sourceWeight[name] * w);
      reasons.push(`${name === 'path' ? 'path' : 'operationId'} names ${h.text} (${shown})`);
    }
  };
  head('path', reading.head, reading.path);
  if (reading.namespace && sources.length) reasons.push(reading.namespace);
  const summed = stockSummed(reading) && wanted('level') > 0;
  if (summed) {
    sources.push(sourceWeight.path);
    reasons.push(`its path sums the stock up (${reading.path}): the stock as it stands`);
  }
  head('operationId', reading.operationIdHead, reading.operation.operationId ?? '');
  if (reading.setsCount && wanted('count') > 0) {
    sources.push(sourceWeight.path);
    reasons.push(reading.setsCount);
  }
  if (reading.stockRecords && wanted('level') > 0) {
    sources.push(sourceWeight.path * 0.8);
    reasons.push(reading.stockRecords);
  }
  // A write to one product's stock is venue's stock write its path and body say (markKeyedStockWrites).
  const keyed = reading.keyedStock;
  const keyedWrite = keyed !== undefined && keyed.as.some((concept) => wanted(concept) > 0);
  if (keyedWrite) {
    sources.push(sourceWeight.path);
    reasons.push(
      `its ${keyed.inBody ? 'body' : 'path'} names the product whose stock it writes (${keyed.inBody ? keyed.product : `{${keyed.product}}`})${keyed.warehouse ? ` and the warehouse (${keyed.inBody ? keyed.warehouse : `{${keyed.warehouse}}`})` : ''}, ${
        wanted('adjust') > 0
          ? `a signed change (${keyed.change ?? keyed.absolute})`
          : wanted('receive') > 0
            ? `a quantity received (${keyed.absolute})`
            : `the quantity set to a figure (${keyed.absolute})`
      }`,
    );
  }
  let narrowedBySummary: string | undefined;
  let summarySays = false;
  for (const [concept, hit] of reading.summaryConcepts) {
    if (wanted(concept) > 0) {
      narrowedBySummary = reading.summaryNarrowed.get(concept);
      if (!narrowedBySummary) {
        sources.push(sourceWeight.summary * wanted(concept) * hit.term.weight);
        reasons.push(`summary says ${hit.text}`);
        summarySays = hit.term.weight >= 1;
      }
      break;
    }
  }
  let tagSays = false;
  for (const [concept, hit] of reading.tagConcepts) {
    if (wanted(concept) > 0) {
      sources.push(sourceWeight.tag * wanted(concept) * hit.term.weight);
      reasons.push(`tag ${hit.text}`);
      tagSays = hit.term.weight >= 1;
      break;
    }
  }
  // Where the stock records say the stock is kept (a warehouse of theirs, an outlet, a supply channel), or the products
  // say what they are filed under (a commodity group, a product folder): the collection by its role.
  const stockPlace =
    (reading.stockPlace !== undefined && wanted('warehouse') > 0) ||
    (reading.productGrouping !== undefined && wanted('category') > 0);
  if (stockPlace) {
    sources.push(sourceWeight.path * 0.8);
    reasons.push(
      reading.stockPlace !== undefined && wanted('warehouse') > 0
        ? `the stock records name it (${reading.stockPlace}): where the stock is kept`
        : `the products name it (${reading.productGrouping}): what they are filed under`,
    );
  }
  let score = sources.length ? Math.max(...sources) + 0.25 * (sources.length - 1) : 0;
  if (stockPlace) score += STOCK_PLACE;
  if (reading.otherPlace !== undefined && wanted('warehouse') > 0) {
    score -= STOCK_PLACE;
    reasons.push(`but the stock records are kept in ${reading.otherPlace}`);
  }
  let narrowing: string | undefined;
  const pathHead = reading.head;
  // A login or a health check is one of its kind: "user login", "actuator health" narrow nothing. A status is not: any
  // record has one, and "indexing status" is a job's.
  const singleton =
    profile.concepts.auth !== undefined || (profile.concepts.health !== undefined && pathHead.text !== 'status');
  if (stockPlace) {
    // Its own name is the vendor's word for a warehouse.
  } else if (
    pathHead.concept === 'level' &&
    wanted('count') > 0 &&
    [
      reading.operationIdHead?.concept === 'count' ? reading.operationIdHead.text : undefined,
      reading.summaryConcepts.get('count')?.text,
    ].some((text) => text?.startsWith('set '))
  ) {
    // A write to the stock that its words say sets it (POST /inventories, "set inventories"): the path names what is
    // counted, no subject of its own.
  } else if (keyedWrite) {
    // The path names the stock the write sets or changes: what a stock write writes, no subject of its own.
  } else if (summed) {
    // The summary is of the stock: no subject of its own.
  } else if (
    pathHead.concept &&
    wanted(pathHead.concept) === 0 &&
    // A path word that is the first word of what its summary names (/products/stocks, "query all defined stock
    // locations") is that subject shortened, no other subject.
    ![...reading.summaryConcepts].some(
      ([concept, hit]) => wanted(concept) >= 1 && hit.text.includes(' ') && hit.text.split(' ')[0] === pathHead.text,
    )
  ) {
    score -= 2;
    reasons.push(`but its path names ${pathHead.text}`);
    if (pathHead.concept === 'other' && sources.length)
      narrowing = `its path names ${pathHead.text}, a subject of its own`;
  }
  const idHead = reading.operationIdHead;
  // The products name it as what they are filed under (markProductGroupings): a word before it narrows nothing.
  const filedUnder = reading.productGrouping !== undefined && wanted('category') > 0;
  if (pathHead.qualifier && wanted(pathHead.concept) > 0 && !singleton && !filedUnder) {
    score -= 1;
    narrowing = `narrowed by "${pathHead.qualifier}" (${pathHead.qualifier} ${pathHead.text})`;
  } else if (
    // Where the path names nothing of venue's ("/api/handovercontainers"), the operationId's narrowing counts as the
    // path's would (getHandoverContainers).
    !singleton &&
    !filedUnder &&
    wanted(pathHead.concept) === 0 &&
    idHead?.qualifier &&
    wanted(idHead.concept) > 0
  ) {
    score -= 1;
    narrowing = `narrowed by "${idHead.qualifier}" (${idHead.qualifier} ${idHead.text})`;
  } else if (
    // A login of a subject of its own (/storefront/login, /customer/token) is that subject's: a shopper's, not the API's.
    profile.concepts.auth !== undefined &&
    pathHead.qualifier !== undefined &&
    shopperWords.has(pathHead.qualifier)
  ) {
    score -= 1;
    narrowing = `its path puts it under ${pathHead.qualifier}: that one's login, not the service's`;
  } else {
    // A subject the path or the operationId puts under another (a vendor's locations, /stock/products/{id}) is that
    // other's; but locations under stock are where the stock is: warehouses.
    const under = (h: Head | undefined) =>
      h?.context &&
      wanted(h.concept) > 0 &&
      resourceConcepts.has(h.concept!) &&
      h.context.concept !== h.concept &&
      !(h.concept === 'warehouse' && h.context.concept === 'level') &&
      // Categories of products (an "article category", /product/categories) are the categories venue lists.
      !((h.concept === 'category' || h.concept === 'class') && h.context.concept === 'product') &&
      // A generic word for a record after a collection's name (StockItem_PutEntity) is that collection's record; one
      // before it (/entities/suppliers, /records/products) says of what kind the records are, no other subject's.
      !genericRecordWords.has(h.text) &&
      !genericRecordWords.has(h.context.text)
        ? h
        : undefined;
    // Categories the route's own words give to the products ("Get Product Categories") are theirs wherever the path
    // files them (/warehouse/categories).
    const owned =
      (pathHead.concept === 'category' && categoriesOfProducts(reading) ? undefined : under(pathHead)) ??
      under(reading.operationIdHead);
    if (owned) {
      score -= 1;
      narrowing = `its ${owned === pathHead ? 'path' : 'operationId'} puts ${owned.text} under ${owned.context!.text}`;
    }
    // A status after another subject (/articleStatus, /orders/status) is the statuses of that record, not the
    // service's health.
    if (profile.concepts.health !== undefined && pathHead.text === 'status' && pathHead.context) {
      score -= 1;
      narrowing = `its path names the status of ${pathHead.context.text}: that record's, not the service's health`;
    }
  }
  // So is a login its summary or tags say is a shopper's ("Login a customer", tag "Customer authentication"), whatever
  // its path says.
  if (profile.concepts.auth !== undefined && !narrowing) {
    const shopper = [reading.operation.summary ?? '', ...reading.operation.tags]
      .flatMap(wordsOf)
      .find((word) => shopperWords.has(word));
    if (shopper) {
      score -= 1;
      narrowing = `its words say it logs in a ${shopper}: the ${shopper}'s login, not the service's`;
    }
  }
  // Likewise a version or status a word narrows (/Tools/bookkeepingSystemVersion): the version of that part, not the
  // service's own.
  if (
    profile.concepts.health !== undefined &&
    (pathHead.text === 'status' || pathHead.text === 'version') &&
    pathHead.qualifier &&
    !narrowing
  ) {
    score -= 1;
    narrowing = `its path names the ${pathHead.text} of ${pathHead.qualifier}: that part's, not the service's health`;
  }
  // A ping or health check after a subject of the service other than venue's (/shipment/ping, /orders/health) says
  // that part is up (a shipping module, an order service), not the service venue drives. A word no subject names
  // before it (/actuator/health, /api/ping) narrows nothing: the check is still the service's.
  if (
    profile.concepts.health !== undefined &&
    pathHead.concept === 'health' &&
    pathHead.qualifier &&
    findTerms(wordsOf(pathHead.qualifier)).some((h) => h.term.concept === 'other') &&
    !narrowing
  ) {
    score -= 1;
    narrowing = `its path puts its ${pathHead.text} under ${pathHead.qualifier}: that part's check, not the service's health`;
  }
  // A health word joined in one segment to a record of venue's own (/sku-health, /product_health) is a report on those
  // records' state, not the service's answer about itself: a check of the service stands alone or after a word of no
  // subject (/health, /actuator/health), and under a collection in a segment of its own (/orders/health, above).
  if (profile.concepts.health !== undefined && pathHead.concept === 'health' && pathHead.context && !narrowing) {
    // The segment that holds the health word (a literal id may follow it: /sku-health/101).
    const healthWords = pathHead.text.split(' ');
    const segment = reading.path
      .split('/')
      .filter((s) => s && !s.startsWith('{'))
      .reverse()
      .find((s) => healthWords.every((w) => wordsOf(s).includes(w)));
    const joined = wordsOf(segment ?? '');
    const contextWords = pathHead.context.text.split(' ');
    if (
      pathHead.context.concept !== 'other' &&
      pathHead.context.concept !== 'health' &&
      segment !== undefined &&
      contextWords.every((w) => joined.includes(w))
    ) {
      score -= 1;
      narrowing = `its path joins its ${pathHead.text} to ${pathHead.context.text} (${segment}): a report on those records, not the service's health`;
    }
  }
  // Records read by their role or their shape (stockPlace, stockRecords) are named by a word of the vendor's own.
  const byShape = reading.stockRecords !== undefined && wanted('level') > 0;
  if (
    !stockPlace &&
    !byShape &&
    !pathHead.concept &&
    pathHead.text &&
    sources.length &&
    reading.operationIdHead?.concept === undefined &&
    // A health check is one of its kind, its path a name the vendor chose (/okcomputer, /lbheartbeat): where its
    // summary and its tag both say it is one, a word of the path no term names takes nothing away. (A login is not
    // read so: how it is called matters, and a path that names something else is a login of another kind.)
    !(profile.concepts.health !== undefined && summarySays && tagSays)
  ) {
    score -= 1;
    reasons.push(`but its path ends in "${pathHead.text}"`);
    // A collection is named for what it holds: where the path's last segment ends in a plural of no subject right
    // after venue's (/tax_rules, /stock_alerts, /product_options), its records are those, things of that subject, not
    // the subject itself. A singular there (/category_tree, /stock_overview) is a view of the subject; a word between
    // (/getTaxesAndFees) names two things.
    const segment =
      reading.path
        .split('/')
        .filter((x) => x && !x.startsWith('{'))
        .pop() ?? '';
    const written = splitWords(segment.replace(/\.[a-z]+$/i, ''));
    const said = wordsOf(segment);
    const plural = written.length > 0 && written[written.length - 1] !== said[said.length - 1];
    const of = findTerms(said.slice(0, -1)).find(
      (h) => wanted(h.term.concept) > 0 && h.at + h.term.words.length === said.length - 1,
    );
    if (plural && of && said[said.length - 1] === pathHead.text.split(' ').pop())
      narrowing ??= `its path names ${written.slice(-2).join(' ')}: ${pathHead.text}s of ${of.text}, not ${of.text} itself`;
  }
  // A path whose last segment names fields in the plural, whatever word qualifies them (/fields, /userDefinedFields,
  // /custom-fields), describes the fields of the records before it (their names, types and picklists): never those
  // records, nor anything of venue's.
  const lastWritten = splitWords(
    reading.path
      .split('/')
      .filter((x) => x && !x.startsWith('{'))
      .pop()
      ?.replace(/\.[a-z]+$/i, '') ?? '',
  );
  if (/^fields$/i.test(lastWritten[lastWritten.length - 1] ?? '') && sources.length)
    narrowing ??= `its path names ${lastWritten.join(' ')}: what the fields of a record are, not records`;
  if (narrowedBySummary && !singleton) {
    score -= 2.5;
    narrowing ??= `its summary says ${narrowedBySummary}`;
  } else if (narrowedBySummary) {
    score -= 2.5;
    reasons.push(`but its summary says ${narrowedBySummary}`);
  }
  if (reading.self && !singleton && reading.ownOfPublic) reasons.push(reading.ownOfPublic);
  else if (reading.self && !singleton) narrowing ??= `it is the signed-in user's own view (/${reading.self}/)`;
  if (narrowing) reasons.push(`but ${narrowing}`);
  return { score, reasons, named: sources.length > 0, ...(narrowing ? { narrowing } : {}) };
}

/** What a record is called by in its own path ({id}, {code}): a required field of these names is no other field. */
const recordKeyNames = new Set(['id', 'uuid', 'guid', 'key', 'code', 'sku', 'identifier', 'handle', 'slug']);

/** The records of a sale or a stay that lines go on: reservations, orders, invoices, carts, a payment's transaction. */
const saleRecords = new Set([
  'reservation',
  'booking',
  'order',
  'sales order',
  'invoice',
  'cart',
  'basket',
  'folio',
  'transaction',
]);

/** A sale a delivery is made for (sales_id, sale_order_id): goods going out. */
const saleWords = new Set(['sale', 'sales']);

/** Those who buy at a shop: a login of theirs is not the service's. */
const shopperWords = new Set(['customer', 'shopper', 'buyer', 'storefront', 'consumer']);

const deleteWords = new Set(['delete', 'remove', 'destroy', 'drop', 'unsubscribe']);
const destructiveWords = new Set([
  ...deleteWords,
  'purge',
  'reset',
  'clear',
  'wipe',
  'truncate',
  'erase',
  'revoke',
  'zero',
]);
const manyWords = new Set(['bulk', 'batch', 'mass']);
const transferWords = new Set([
  'import',
  'importer',
  'export',
  'migrate',
  'migration',
  'sync',
  'synchronise',
  'synchronize',
]);

/**
 * The stock as it stands, summed: a GET whose path names a summary of the stock or of its movements
 * (/inventory/summaries, /stock-adjustments/summary) lists the levels they add up to. A summary of anything else
 * (usage, sales) is a report of its own.
 */
function stockSummed(reading: Reading): boolean {
  if (reading.operation.method !== 'GET' || reading.head.text !== 'summary') return false;
  // The whole path's words, its shared prefix too (/fba/inventory/v1/summaries of a document all under /fba/inventory).
  const spoken = reading.path
    .split('/')
    .filter((segment) => segment && !segment.includes('{'))
    .flatMap(wordsOf);
  if (spoken.at(-1) !== 'summary') return false;
  const summedUp = findTerms(spoken.slice(0, -1)).at(-1)?.term.concept;
  return summedUp === 'level' || summedUp === 'adjust';
}

/**
 * Why a route is a job of its own for this operation (a bulk, destructive,
 * import or maintenance job, or another workflow's action), in words; undefined
 * when it is not. Such a route is never mapped on evidence, and --map takes it
 * only with --yes.
 */
export function jobOfItsOwn(name: InventoryOperation, reading: Reading): string | undefined {
  if (!reading.danger.length) return undefined;
  // A delete verb in any language (удалить, 削除, hapus) is the deletion's own verb.
  const deletes = (word: string) => deleteWords.has(word) || kindWords.get(word) === 'delete';
  if (name === 'deleteWebhook' && reading.danger.every(deletes)) return undefined;
  // A login issues a token: "generate" a token (generate_access_token) is what a login does, no job of its own.
  if (name === 'authenticate' && reading.danger.every((word) => issueWords.has(word)) && reading.concepts.has('auth'))
    return undefined;
  // A list reads every record: "bulk" or "batch" on a GET that lists them is the whole list at once, what a list is.
  if (
    reading.operation.method === 'GET' &&
    profiles[name].kinds.list !== undefined &&
    reading.danger.every((word) => manyWords.has(word))
  )
    return undefined;
  // Summing the stock is what its levels are: no report of its own.
  if (name === 'stockLevels' && stockSummed(reading) && reading.danger.every((word) => word === 'summary'))
    return undefined;
  const said = reading.danger.map((w) => `"${w}"`).join(', ');
  const what = reading.danger.some((w) => destructiveWords.has(w) || deletes(w))
    ? 'it destroys or resets records'
    : reading.danger.some((w) => manyWords.has(w))
      ? 'it acts on many records at once'
      : reading.danger.some((w) => transferWords.has(w))
        ? 'it moves data in or out in bulk'
        : 'a job of its own';
  return `its words say ${said}: ${what}`;
}

/** What a login does to the token it answers with. */
const issueWords = new Set(['generate', 'issue']);

/** Words of a path parameter that picks an event (its type, its topic) or an action to run, not a record. */
const notRecordParamWords = new Set(['event', 'topic', 'trigger', 'action']);

/** Words for a record of any collection: "put entity" of a collection writes one of its records. */
const genericRecordWords = new Set(['entity', 'record', 'object']);

/** What an amount is measured in (a unit of measure): how a quantity is counted, never what is counted. */
const measureWords = new Set(['unit', 'uom', 'measure', 'measurement', 'unit of measure', 'measurement unit']);

/** Fields by which a record names the product it belongs to (not the product's own name or code). */
const productOfPart = new Set(['product', 'productid', 'parentproduct', 'parentproductid']);

/** The operations that list or make records of their own (stock, kept per product and place, aside). */
const recordsOfTheirOwn = new Set<InventoryOperation>([
  'listProducts',
  'createProduct',
  'listCategories',
  'listClasses',
  'listWarehouses',
  'listTaxGroups',
  'listContainers',
  'listSuppliers',
  'createSupplier',
  'listWebhooks',
  'createWebhook',
]);

/** venue's writes of one record: its fields in the body, one record a call. */
const oneRecordWrites = new Set<InventoryOperation>([
  'createProduct',
  'updateProduct',
  'createSupplier',
  'createWebhook',
  'updateWebhook',
]);

/** A write that makes a record or replaces the one its key names (an upsert; "create or replace" says both verbs). */
const writesByKey = (reading: Reading) =>
  reading.kind === 'upsert' ||
  reading.kindsSaid.has('upsert') ||
  (reading.kindsSaid.has('create') && reading.kindsSaid.has('update'));

/** Why this document operation can never be this venue operation; undefined when it can. */
function refusal(
  name: InventoryOperation,
  profile: Profile,
  reading: Reading,
  oauthPaths: Set<string>,
): string | undefined {
  const { operation } = reading;
  if (!profile.methods.includes(operation.method))
    return `method ${operation.method}: ${name} calls ${profile.methods.join(' or ')}`;
  // venue writes a record as a body of its fields; a JSON Patch takes a list of operations on them instead, which
  // venue sends only as a product's or a subscriber's update (inventory.jsonPatch: the record read first, operations
  // on the fields it changes). Any other such write mapped, every call would be refused, so the review names it and
  // leaves it to a person.
  if (oneRecordWrites.has(name) && !JSON_PATCH_OPERATIONS.includes(name) && operation.request?.jsonPatch)
    return "its body is a JSON Patch (RFC 6902: a list of operations on the record's fields), which venue does not send";
  // A stock write keyed by the product in its path takes the product (and the warehouse) from each line.
  if (reading.params.length !== profile.params && !keyedFor(name, reading)) {
    return reading.params.length > profile.params
      ? `path parameter${reading.params.length - profile.params > 1 ? 's' : ''} ${reading.params
          .map((p) => `{${p}}`)
          .join(', ')} that venue does not fill`
      : `no path parameter for the ${name === 'deleteWebhook' || name === 'updateWebhook' ? 'webhook' : 'product'} id`;
  }
  if (profile.params === 1 && !reading.trailingParam)
    return `{${reading.params[0]}} is not the last segment: the path names something under another record`;
  // A record route picks its record by the parameter: one named for an event type or an action (/webhooks/{eventType},
  // /items/{actionName}) picks one event's settings or an action to run, no record, whatever the collection is called.
  const picks =
    profile.params === 1 ? wordsOf(reading.params[0]!).find((word) => notRecordParamWords.has(word)) : undefined;
  if (picks) return `{${reading.params[0]}} names ${article(picks)} ${picks}, not a record: venue fills a record's id`;
  if (reading.scopeOf)
    return `it lists or reads the values of {${reading.scopeOf}}, the venue's own scope, none of its records`;
  if (reading.publicView && profile.concepts.auth === undefined && profile.concepts.health === undefined)
    return reading.publicView;
  if (reading.otherSection && profile.concepts.auth === undefined && profile.concepts.health === undefined)
    return reading.otherSection;
  // venue calls every route at the profile's one base (inventory.url and basePath).
  if (operation.otherServer !== undefined)
    return `it is served at ${operation.otherServer}, its own server, not the document's: venue calls every route at one base`;
  const job = jobOfItsOwn(name, reading);
  if (job) return `${job}${job.endsWith('a job of its own') ? '' : ', a job of its own'}, never mapped to ${name}`;
  const kindWeight = profile.kinds[reading.kind];
  if (kindWeight === undefined)
    return `it is ${article(reading.kind)} ${reading.kind}, ${name} is ${article(kindOfProfile(name))} ${kindOfProfile(name)}`;
  if (name === 'authenticate' && oauthPaths.has(reading.path))
    return 'it is the token endpoint of an OAuth2 flow the document declares, not a login venue can call with a key and secret';
  // A login takes the service's credentials: in its body, or as HTTP basic. A route that can only be called with a
  // credential already (its security names a scheme) and takes none to exchange (no body, no basic) issues a token to
  // one who has a key (a short-lived token for a widget): it is no login.
  if (
    name === 'authenticate' &&
    !operation.request &&
    operation.security.length > 0 &&
    !operation.security.some((r) => r && typeof r === 'object' && Object.keys(r).length === 0) &&
    !operation.takesBasic &&
    !operation.headers.some((h) => /^authorization$/i.test(h))
  )
    return 'it takes no credentials to exchange (no request body, no HTTP basic) and needs one to be called: a token it issues is for one who has a key, it is no login';
  // A login is sent one set of credentials. A body that is an array takes many records at once: records written to a
  // collection (sessions, users), whatever their fields are called, never a login.
  if (name === 'authenticate' && operation.request?.list)
    return 'its request body is an array of records, many written at once: a login is sent one set of credentials';
  return undefined;
}

function kindOfProfile(name: InventoryOperation): string {
  const kinds = Object.keys(profiles[name].kinds);
  return kinds.length === 1 ? kinds[0]! : kinds.includes('action') ? 'write' : kinds[0]!;
}

const article = (word: string) => (/^[aeiou]/.test(word) ? 'an' : 'a');

export function score(name: InventoryOperation, read: Reading, index: number, oauthPaths: Set<string>): Scored {
  // An update whose body is a JSON Patch (venue sends one: inventory.jsonPatch) is scored as any update: its body is
  // operations on the record's fields, not a record of them, so no request fields are read from it.
  const reading =
    JSON_PATCH_OPERATIONS.includes(name) && read.operation.request?.jsonPatch
      ? { ...read, request: undefined, operation: { ...read.operation, request: undefined } }
      : read;
  const profile = profiles[name];
  // Never on fields alone: a route is mapped only when its path, operationId, summary or a tag names the subject.
  // A path that sums the stock up names the stock (stockSummed).
  const named =
    Object.keys(profile.concepts).some((concept) => reading.concepts.has(concept as Concept)) ||
    (profile.concepts.level !== undefined && stockSummed(reading));
  if (!named) {
    return {
      operation: name,
      index,
      confidence: 0,
      reasons: [],
      fields: [],
      refused: `nothing in it names ${profile.subject}`,
      subject: 0,
      named: false,
      total: 0,
    };
  }
  const subject = subjectScore(profile, reading);
  const refused = refusal(name, profile, reading, oauthPaths);
  if (refused)
    return {
      operation: name,
      index,
      confidence: 0,
      reasons: subject.reasons,
      fields: [],
      refused,
      subject: subject.score,
      named: subject.named,
      total: 0,
    };

  const reasons = [...subject.reasons];
  if (reading.stockedProducts && profile.concepts.product !== undefined) reasons.push(reading.stockedProducts);
  if (reading.stockedPlaces && profile.concepts.warehouse !== undefined) reasons.push(reading.stockedPlaces);
  if (reading.sellingParty && profile.concepts.supplier !== undefined) reasons.push(reading.sellingParty);
  if (reading.deliveredSubscription && profile.concepts.webhook !== undefined)
    reasons.push(reading.deliveredSubscription);
  let total = subject.score;
  const kindWeight = profile.kinds[reading.kind] ?? 0;
  total += kindWeight;
  if (kindWeight >= 1) reasons.push(`${reading.operation.method} ${describeKind(reading.kind)}`);

  const fields: string[] = [];
  let contradiction: string | undefined;
  let replaces: string | undefined;
  let replacing = false;
  let unshown: string | undefined;
  const keyed = keyedFor(name, reading);
  const body = keyed
    ? keyedBody(name, reading.request!, keyed)
    : profile.body === 'request'
      ? reading.request
      : profile.body === 'response'
        ? reading.response
        : undefined;
  // A record that keeps its values in an object whose members the document does not name (properties: a map of any
  // keys) has fields the schema does not show: what venue needs is unknown there, not absent.
  // So has one whose record is written as a $ref that could not be read.
  const unnamed =
    (body?.open !== undefined || body?.unread !== undefined) &&
    (profile.need ?? []).every(
      (need) =>
        !groupMatches(
          body,
          need,
          profile.fields.some((f) => f.group === need && f.lines),
        ),
    );
  if (unnamed)
    reasons.push(
      body.unread !== undefined
        ? `the records of its ${profile.body} are written as $ref "${body.unread}", which cannot be read`
        : `its ${profile.body} keeps its values in ${body.open}, whose members the document does not name`,
    );
  // Whether the body's other values are named or kept in an open map (Headers, properties), the fields it requires
  // are named: the rule below holds either way.
  if (profile.body !== 'none' && body && body.count > 0) {
    // venue sends only the fields a person changes (a product's price alone): a PUT that requires other values on every
    // call replaces the record, and would refuse that change; so does an update by POST to the record that does. The record's own id, key or code (what the path
    // names it by) is no such field.
    if (
      (reading.operation.method === 'PUT' || (reading.operation.method === 'POST' && reading.kind === 'update')) &&
      profile.kinds.update !== undefined &&
      profile.kinds.create === undefined &&
      reading.trailingParam
    ) {
      // Nor is the path's own parameter repeated in the body under its name (skuSellerId of /product/{skuSellerId}).
      const ownKey = normaliseName(reading.params[reading.params.length - 1] ?? '');
      const demanded = body.required.filter(
        (field) => !recordKeyNames.has(normaliseName(field)) && normaliseName(field) !== ownKey,
      );
      // A product's update venue sends whole (it reads the product first): mapped as a replacing update, the evidence
      // kept. Another record's update is sent only what changes: such a route is left unmapped.
      if (demanded.length && name === 'updateProduct') {
        replacing = true;
        reasons.push(
          `it requires ${demanded.join(', ')} on every call: it replaces the record, so venue reads the product first and sends it whole`,
        );
      } else if (demanded.length)
        replaces = `it requires ${demanded.join(', ')} on every call: it replaces the record, and venue sends only what changes`;
    }
  }
  if (profile.body !== 'none' && body && body.count > 0 && !unnamed) {
    let have = 0;
    let of = 0;
    const missing: string[] = [];
    for (const expectation of profile.fields) {
      of += expectation.weight;
      const hit = groupMatches(body, expectation.group, expectation.lines ?? false);
      if (hit) {
        have += expectation.weight;
        fields.push(keyed ? keyedField(name, keyed, hit) : hit);
      } else missing.push(expectation.group.label);
    }
    let schema = (have / of) * 4 - 1.5;
    if (profile.needsLines && body.lines.size === 0 && !keyed && !reading.linesAtTop) {
      schema -= 2.5;
      missing.push('lines (an array of products and quantities)');
    }
    for (const need of profile.need ?? []) {
      // A collection that is webhooks by its own name (GET and POST /webhooks: its path's last segment is the word and
      // nothing else), whose records are a URL to call alone (beside their id, dates, a description, a secret or an
      // active flag), is sent every event. So is one named, in full, for subscriptions of them (/webhook-subscriptions,
      // /webhooks/subscriptions: its last segment the end of that name): a subscription made of a URL alone is to
      // everything. A hook with a name or a method of its own (hook_name, timeout) is a point of the service's own
      // code; a route that names an action on hooks (/webhooks/list, /webhook/setup), hooks of another word (/hooks,
      // /callbacks) or subscriptions alone (/subscriptions: as often a customer's plan) may be one: all left as they
      // were.
      if (need === F.events && subscribedByName(reading) && urlAlone(body)) {
        reasons.push('its records name no event types: every event goes to its URL');
        continue;
      }
      // Suppliers by their own name (the path's last segment is the word and nothing else) whose records are a name
      // alone (beside their id and dates) carry nothing that could make them another party: the words decide.
      if (
        need === F.trade &&
        reading.head.text === 'supplier' &&
        lastSegmentWords(reading.path).join(' ') === 'supplier' &&
        nameAlone(body)
      ) {
        reasons.push('its records are a name alone: nothing says they are other than suppliers');
        continue;
      }
      if (
        !groupMatches(
          body,
          need,
          profile.fields.some((f) => f.group === need && f.lines),
        )
      ) {
        schema -= 2;
        reasons.push(`its ${profile.body} has nothing for ${need.label}`);
      }
    }
    // A subscription that takes a URL to call (callbackUrl) besides a queue or topic delivers to either: the queue is
    // one target it offers, not the only one. Only a field named a URL says so: a destination, endpoint or URI is as
    // often the queue's own (Event Grid's uri), and a queue's URL (queueUrl) is no URL venue calls.
    const callsUrl = [...body.names].some(
      (name) => name !== 'queueurl' && F.url.names.includes(name) && name.endsWith('url'),
    );
    for (const group of profile.contradicts ?? []) {
      if (group === F.queue && callsUrl) continue;
      const hit = groupMatches(body, group, false);
      if (hit) contradiction = `its ${profile.body} has ${group.label} (${hit})`;
    }
    // A container type is what containers are of: records that name the type they are of (containerTypeRef) are
    // containers in use (a tote holding a job's items), not the types.
    if (profile.concepts.container !== undefined) {
      const typed = [...body.names].find((name) => /containertype(id|ids|uuid|ref|refs|key|code)$/.test(name));
      if (typed) contradiction ??= `its records name the container type they are of (${typed}): containers, not types`;
      // Kinds are not nested: records with a parent of their own (a box in a freezer in a room) are places.
      const nested = [...body.names].find((name) => /^parent(id|uuid|key|code)?$|^parent\w*id$/.test(name));
      if (nested) contradiction ??= `its records sit in a hierarchy (${nested}): places, not container types`;
    }
    // Stock is counted of a product: an amount in a currency that names none (an account's balance) is money.
    if (profile.concepts.level !== undefined && !groupMatches(body, F.productRef, true)) {
      const hit = groupMatches(body, F.currency, true);
      if (hit)
        contradiction ??= `its ${profile.body} is an amount in a currency (${hit}) of no product: money, not stock`;
    }
    for (const against of profile.against ?? []) {
      const hit = groupMatches(body, against, false);
      if (hit && !fields.includes(hit)) {
        schema -= 0.5;
        reasons.push(`its ${profile.body} has ${against.label} (${hit})`);
      }
    }
    // A list's answer holds its records (list-shape.ts); one that holds none is one record, not the list venue reads.
    if (
      profile.body === 'response' &&
      profile.kinds.list !== undefined &&
      profile.kinds.read === undefined &&
      !body.list
    ) {
      schema -= 1.5;
      reasons.push('but its answer holds no list of records');
    }
    total += schema;
    if (fields.length) reasons.push(`${profile.body} fields ${fields.join(', ')}`);
    if (missing.length) reasons.push(`no ${profile.body} field for ${missing.join(', ')}`);
  } else if (profile.body !== 'none') {
    const unread = reading.operation.unread?.[profile.body];
    // Records written as a $ref not read are said once, above.
    if (body?.unread === undefined)
      reasons.push(
        unread !== undefined
          ? `its ${profile.body} schema cannot be read ($ref "${unread}")`
          : `the document gives no ${profile.body} schema`,
      );
    // Containers are as often places (freezers, racks, boxes) or parcels as container types: where neither its path,
    // its operationId nor its summary says types, only the size a type holds tells them apart, and an answer not
    // shown shows none.
    const saysTypes = [reading.operation.path, reading.operation.operationId ?? '', reading.operation.summary ?? '']
      .flatMap(wordsOf)
      .includes('type');
    if (profile.need?.includes(F.containerSize) && !saysTypes)
      unshown = `the document does not show its answer, and only a size held tells ${profile.subject} from other containers (places, boxes)`;
  }
  // A new record that must name an existing product (product required in its body) is a part of one, a SKU or a
  // variant of it, made after it: not a new product. On a route named for products, productId is the record's own.
  if (
    profile.concepts.product !== undefined &&
    profile.kinds.create !== undefined &&
    reading.request &&
    !reading.head.text.split(' ').includes('product')
  ) {
    const part = reading.request.required.find((field) => productOfPart.has(normaliseName(field)));
    if (part) replaces ??= `it requires ${part}, an existing product: it makes a part of one, not a product`;
  }
  // An update changes the fields it is sent: one that takes no body at all (PUT /webhooks/{id} that pauses a hook)
  // changes none venue sends. Only where the document describes its writes' bodies: in one that leaves most of them
  // out, a body not described is not a body not taken.
  let bodiless: string | undefined;
  if (
    profile.kinds.update !== undefined &&
    profile.kinds.create === undefined &&
    !reading.operation.declaresBody &&
    reading.bodiesDescribed
  )
    bodiless =
      'it takes no request body, where the document describes the bodies of its writes: it changes none of the fields venue sends';
  if (name === 'authenticate' && reading.response && reading.response.count > 0) {
    const hit = groupMatches(reading.response, F.token, false);
    if (hit) {
      total += 1;
      fields.push(hit);
      reasons.push(`response field ${hit}`);
    } else total -= 1;
  }
  // A health check answers a small report of the service itself (its status, its version), no record: a record's
  // answer has a name, key or code it is known by, and a list is a list of records.
  if (name === 'health' && reading.response && reading.response.count > 0) {
    const answer = reading.response;
    if (!answer.list && answer.count <= HEALTH_REPORT_FIELDS && !groupMatches(answer, F.identity, false)) {
      total += 1;
      reasons.push('its answer is a small report of the service, no record');
    }
  }
  if (name === 'health' && reading.onlyVersion) {
    total += 1;
    reasons.push(reading.onlyVersion);
  }
  if (name === 'health' && reading.operation.security.length === 0) {
    total += 0.3;
    reasons.push('needs no authentication');
  }
  if (reading.operation.deprecated) {
    total -= 0.5;
    reasons.push('deprecated');
  }
  // venue creates or updates one record a call: a write whose body is a list of records (an array of products) loads
  // many at once. Where the document has it alone it may be the only write (a list of one); beside a route that takes
  // one record, it is the bulk twin, and ranks below it.
  if (oneRecordWrites.has(name) && reading.request?.list) {
    total -= 0.5;
    reasons.push('but its request body is a list of records: many at once');
  }
  if (profile.concepts.warehouse !== undefined && reading.unreferencedPlace !== undefined)
    contradiction ??= reading.unreferencedPlace;
  if (profile.concepts.warehouse !== undefined && profile.kinds.list !== undefined && reading.response) {
    const areas = areaNamesOnly(reading.response);
    if (areas)
      contradiction ??= `its records are named only by the areas they lie in (${areas}): areas of a country, no place of the caller's own`;
  }
  if (name === 'listCategories' && reading.otherCategories !== undefined) contradiction ??= reading.otherCategories;
  // Records keyed by another record's key and more are that record's data (markKeyedByAnother): no product, supplier
  // or place of their own, to list or make. Stock is another matter: it is kept per product and place by its nature.
  if (reading.keyedByAnother !== undefined && recordsOfTheirOwn.has(name)) contradiction ??= reading.keyedByAnother;
  if (contradiction) {
    total -= CONTRADICTION;
    reasons.push(`but ${contradiction}`);
  }
  let narrowing = subject.narrowing ?? replaces ?? bodiless ?? unshown;
  // venue writes one record a call, and reads the record it made from the answer. A write whose body is a list of
  // records and whose answer holds none of them (none of the fields sent, no id: a batch's process id, state or progress) is
  // a batch job, whether or not the document also has a route that takes one record.
  const asked = reading.operation.request;
  const answered = reading.operation.response;
  // Where the answer says nothing (undescribed), a list body whose summary names its records in the plural ("Create
  // new products") makes many at once: a batch, as the list says. A summary naming one record ("Create a product",
  // "Add item") leaves a list body what it was: one record sent as a list of one, as some documents write every write.
  // So does a create that replaces what its records' key already names ("Create or replace articles", an upsert): it
  // writes each record by its own key, so a list of one writes that one, where a create of new records makes a batch.
  if (oneRecordWrites.has(name) && asked?.list && !answered?.fields.length && !writesByKey(reading)) {
    const plural = splitWords(reading.operation.summary ?? '').find(
      (word) =>
        word !== singular(word) &&
        findTerms([singular(word)]).some((hit) => profile.concepts[hit.term.concept] !== undefined),
    );
    if (plural)
      narrowing ??= `its request body is a list of records and its summary names them in the plural ("${plural}"): a batch, and venue writes one record a call`;
  }
  if (oneRecordWrites.has(name) && asked?.list && answered?.fields.length) {
    // Links (HAL's links, _links, href, rel) are how any answer points on, no field of the record's.
    const data = (f: { name: string }) => !/^_?(links?|href|rel|self)$/i.test(f.name);
    const sent = new Set(asked.fields.filter(data).map((f) => f.name.toLowerCase()));
    // An id answered (id, uuid, guid) names what was made: a record, or the records of a list of one.
    const made = (f: { name: string }) => sent.has(f.name.toLowerCase()) || /^(id|uuid|guid)$/i.test(f.name);
    if (!answered.fields.filter(data).some(made))
      narrowing ??=
        'its request body is a list of records and its answer holds none of them: a batch job, and venue writes one record a call';
  }
  // A place whose records name the warehouse they are in (a storage location's warehouseId) is a part of one: a bin or
  // a shelf, not a warehouse. Only a word that always names a warehouse: a "location" a warehouse names may be the
  // site it stands on.
  if (profile.concepts.warehouse !== undefined && reading.response) {
    for (const [phrase, field] of reading.response.refs) {
      const place = findTerms(phrase.split(' ')).find((h) => h.term.concept === 'warehouse' && h.term.weight >= 1);
      if (place && place.text !== reading.head.text && !phrase.split(' ').includes('parent')) {
        narrowing ??= `its records name the ${phrase} they are in (${field}): a place inside one, not a warehouse`;
        break;
      }
    }
  }
  // A stock movement is applied when it is sent. One whose answer says the record it makes starts not done (a draft,
  // not started, open, pending) is the first call of a workflow of several; one that names a record of its own kind
  // (stocktake_id beside the rows) adds to a record that must exist first.
  if (profile.kinds.action !== undefined && profile.body === 'request') {
    const state = reading.operation.response?.status;
    if (state !== undefined && notDone.has(state.toLowerCase().replace(/[^a-z]/g, '')))
      narrowing ??= `its answer says the record it makes starts as "${state}": the first call of a workflow, not the movement itself`;
    for (const [phrase, field] of reading.request?.refs ?? []) {
      // The whole name is a term of its own kind: stocktake_id, receipt_id (an adjustment_reason_id is a reason's).
      const [hit, ...more] = findTerms(phrase.split(' '));
      if (hit && !more.length && hit.text === phrase && profile.concepts[hit.term.concept] !== undefined) {
        narrowing ??= `it names the ${phrase} it adds to (${field}): that record must exist first, a step of a workflow`;
        break;
      }
    }
  }
  // A write that names the guest's or buyer's record it goes on (reservationID, order_id, invoice_id) makes a line of
  // that record (an item charged to a reservation), not a product or a movement of venue's stock. A receipt's
  // purchase order is venue's own (receiveStock reads it).
  if (profile.body === 'request' && name !== 'receiveStock') {
    for (const [phrase, field] of reading.request?.refs ?? []) {
      const [hit, ...more] = findTerms(phrase.split(' '));
      // A sale's or payment's transaction is no term of venue's: its whole name says it.
      const whole = hit ? !more.length && hit.text === phrase : phrase === 'transaction';
      if (whole && saleRecords.has(phrase)) {
        narrowing ??= `it names the ${phrase} it goes on (${field}): a line of that ${phrase}, not venue's own record`;
        break;
      }
    }
  }
  // A receipt brings goods in against a purchase; a delivery that names the sale it is made for (sales_id,
  // sale_order_id) takes them out to a customer.
  if (name === 'receiveStock') {
    for (const [phrase, field] of reading.request?.refs ?? []) {
      // A thing of venue's the sale word qualifies (a sales tax code, a sales category) is that thing, no sale.
      if (findTerms(phrase.split(' ')).some((h) => h.term.concept !== 'other' && !saleWords.has(h.text))) continue;
      if (phrase.split(' ').some((word) => saleWords.has(word))) {
        narrowing ??= `it names the sale it is made for (${field}): goods going out to a customer, not received`;
        break;
      }
    }
  }
  // Stock records that name the document or sale they were booked by (document_id, invoice_id) are entries of
  // movements, not the levels.
  if (name === 'stockLevels') {
    for (const [phrase, field] of reading.response?.refs ?? []) {
      if (phrase.split(' ').includes('document') || saleRecords.has(phrase)) {
        narrowing ??= `its records name the ${phrase} they were booked by (${field}): entries of movements, not levels`;
        break;
      }
    }
  }
  // The service's health is its own, read at none of its records: a status under one record of a collection
  // (/companies/{companyId}/dataStatus, the venue's company) is that record's, not the service's. A key that begins
  // the path (/{tenant}/status) picks no record: it is the venue's base.
  if (name === 'createWebhook' && reading.accountSwitch) narrowing ??= `${reading.accountSwitch}`;
  if (name === 'health' && reading.writtenCollection) narrowing ??= reading.writtenCollection;
  // A health check is the service's one answer about itself. Its word written in the plural as the path's last word
  // (/heartbeats, /pings, /statuses) names many such records, a collection of them (alerts kept per module, checks
  // run on a schedule), listed as any records are: not the service's own health.
  if (name === 'health') {
    const last =
      reading.path
        .split('/')
        .filter((s) => s && !s.includes('{'))
        .pop() ?? '';
    const written = splitWords(last).pop() ?? '';
    const one = singular(written);
    if (one !== written && findTerms(wordsOf(one)).some((hit) => hit.term.concept === 'health'))
      narrowing ??= `"${written}" names many of them, records of a collection: not the service's one health`;
  }
  // A login answers the one token of the session it opens. An answer whose tokens all sit in a list of records (a
  // credential per product, each with its keys) hands out the account's standing keys: venue is given those keys,
  // and calls no login.
  if (name === 'authenticate' && reading.response) {
    const tokens = [...reading.response.names].filter((n) => n.includes('token'));
    if (tokens.length && tokens.every((n) => reading.response!.lineNames.has(n)) && reading.response.lines.size)
      narrowing ??= `its answer lists credentials (${tokens.join(', ')} in ${[...reading.response.lines].join(', ')}): the account's standing keys, no session's token`;
  }
  if (name === 'health') {
    const segments = reading.path.split('/').filter(Boolean);
    const record = reading.vars.find((v) => {
      const at = segments.indexOf(`{${v}}`);
      return at > 0 && !segments[at - 1]!.startsWith('{');
    });
    if (record)
      narrowing ??= `it sits under one record of ${segments[segments.indexOf(`{${record}}`) - 1]} ({${record}}): that record's status, not the service's health`;
    // Asked by a record's id in the query (GET /Status?messageId=, /status?jobId=), it is that record's status (a
    // queued write's, a job's), read one at a time: the service's health is asked with nothing of the caller's.
    const recordId = reading.operation.query.find(
      (q) => !reading.queryVars.includes(q) && bareIdWords.has(wordsOf(q).pop() ?? ''),
    );
    if (recordId)
      narrowing ??= `it is asked by ${recordId}, one record's id: that record's status, not the service's health`;
    // A status followed by a value of it (/orders/status/new, /products/status/selling) lists the records in that
    // status: a health check's status word ends its path.
    const statusAt = segments.findIndex((s) => s.toLowerCase() === 'status');
    // A health word after it (/status/ping, /status/health) is no value of a status: the check itself.
    const healthWord = (segment: string) =>
      findTerms(wordsOf(segment)).some((h) => h.term.concept === 'health' && h.term.weight >= 1);
    const after = segments.slice(statusAt + 1).filter((s) => !s.startsWith('{') && !healthWord(s));
    if (statusAt >= 0 && after.length)
      narrowing ??= `its path goes on after its status (${reading.path}): the records in a status, not the service's health`;
    // The service's status is one report. Statuses a route names in the plural (/orderstatuses, getWorkOrderStatuses)
    // or pages are many: the values some records' status takes (order statuses) or those records' statuses, never the
    // one status of the service. (A version or a ping is read as said: a list of versions is the service's and its
    // parts'.)
    const namedByStatus = [reading.head, reading.operationIdHead].some(
      (h) => h?.concept === 'health' && h.text === 'status',
    );
    const plural = [segments.filter((s) => !s.startsWith('{')).pop() ?? '', reading.operation.operationId ?? ''].some(
      (text) => /statuses/i.test(text),
    );
    const paged = reading.operation.query.some(isPagingQuery);
    if (namedByStatus && (plural || paged))
      narrowing ??= `it ${plural ? 'names statuses in the plural' : 'is paged'}: many records' statuses, not the service's health`;
    // A path that names no health is the thing it names: where its operationId or summary gives the status (the
    // health, the ping) to that thing by name ("/streaming", "Get streaming status"), the status is that thing's, not
    // the service's. A route whose words give the status to nothing ("/okcomputer", "Health check") is read as said.
    if (reading.head.concept !== 'health') {
      const own = new Set(lastSegmentWords(reading.path));
      for (const said of [wordsOf(reading.operation.operationId ?? ''), wordsOf(reading.operation.summary ?? '')]) {
        const hit = findTerms(said).find((h) => h.term.concept === 'health' && h.at > 0 && own.has(said[h.at - 1]!));
        if (hit) {
          narrowing ??= `it gives the ${hit.text} to ${said[hit.at - 1]}, what its path names: that thing's ${hit.text}, not the service's health`;
          break;
        }
      }
    }
  }
  // A sandbox (or playground) in the path is where the API is tried out: its routes answer for that trial, not for
  // the service venue drives (/sandbox/ping says the sandbox is up, /sandbox/products are test records).
  if (reading.trial)
    narrowing ??= `its path puts it in a ${reading.trial.toLowerCase()}: a place to try the API, not the service`;
  // A filter it cannot be called without that venue does not send: the route lists or reads only part of the records.
  // A per-venue query value (a business or storefront key, path-vars.ts) is sent on every call: it narrows nothing.
  const unfilled = (reading.operation.requiredQuery ?? []).filter(
    (q) => !isPagingQuery(q) && !reading.queryVars.includes(q) && q !== reading.queryId,
  );
  if (unfilled.length)
    narrowing ??= `it needs the query parameter${unfilled.length > 1 ? 's' : ''} ${unfilled.join(', ')}, which venue does not send`;
  // The same route under the venue's own path variable is the venue's; this one is everyone's (a marketplace's).
  if (reading.scopedTwin) narrowing ??= `${reading.scopedTwin} is the same under the venue's path variable`;
  if (narrowing && narrowing !== subject.narrowing) reasons.push(`but ${narrowing}`);
  // A narrowing the evidence found is never just a remark beside a mapping: it keeps the route below the threshold.
  if (narrowing) total = Math.min(total, NARROWED_CAP);
  return {
    operation: name,
    index,
    narrowing,
    confidence: confidenceOf(total),
    reasons,
    fields,
    subject: subject.score,
    named: subject.named,
    total,
    contradiction,
    ...(replacing ? { replaces: true } : {}),
  };
}

/** A record's state that says it is not done yet: made to be filled in or confirmed by later calls. */
// ("pending" is not among them: a job accepted and applied later is still the movement.)
const notDone = new Set(['draft', 'notstarted', 'notyetstarted', 'open', 'planned', 'inprogress', 'unconfirmed']);

/** What the stock records naming a collection as where they are kept adds: the strongest sign of venue's warehouses. */
const STOCK_PLACE = 1;
/** The most fields a health report has that is no record (status, version, uptime…). */
const HEALTH_REPORT_FIELDS = 6;
/** What fields saying it is another thing altogether cost. */
const CONTRADICTION = 4;
/** The most a narrowed route scores: below the threshold, whatever else it has. */
const NARROWED_CAP = CONFIDENCE_THRESHOLD * SCALE - 0.5;

const confidenceOf = (total: number) => Math.max(0, Math.min(1, Math.round((total / SCALE) * 100) / 100));

/**
 * Venue's updates are partial: where a record's path takes both PATCH and PUT,
 * and the PATCH is evidence enough of an update, the PUT replaces the whole
 * record (fields venue does not send would be lost), so the PATCH is the
 * update.
 */
function preferPartialUpdates(all: Map<InventoryOperation, Scored[]>, readings: Reading[], threshold: number): void {
  for (const name of ['updateProduct', 'updateWebhook'] as const) {
    const list = all.get(name) ?? [];
    // Only a PATCH that is itself evidence enough: one whose body says nothing of the record is no update of it.
    const patched = new Set(
      list
        .filter((c) => !c.refused && c.confidence >= threshold && readings[c.index]!.operation.method === 'PATCH')
        .map((c) => readings[c.index]!.path),
    );
    for (const candidate of list) {
      const reading = readings[candidate.index]!;
      if (candidate.refused || reading.operation.method !== 'PUT' || !patched.has(reading.path)) continue;
      candidate.total -= 2;
      candidate.confidence = confidenceOf(candidate.total);
      candidate.reasons.push(
        'but the same path takes PATCH: a PUT replaces the whole record, venue updates part of it',
      );
    }
  }
}

/** Venue's operations on one kind of record: their routes are usually one collection and its items. */
const families: InventoryOperation[][] = [
  ['listProducts', 'getProduct', 'createProduct', 'updateProduct'],
  ['listWebhooks', 'createWebhook', 'updateWebhook', 'deleteWebhook'],
  ['listSuppliers', 'createSupplier'],
];
/**
 * A record's path without its id (an OData key in parentheses as one); a parameter written onto a segment
 * ("products{format}") is no part of the collection.
 */
const collectionOf = (path: string) =>
  keyedSegmentsRead(path)
    .replace(/\/+$/, '')
    .replace(/\/(\{[^{}/]+\})+$/, '')
    .replace(/(\{[^{}/]+\})+$/, '')
    .replace(/\/+$/, '');

/**
 * A route of the same collection as its siblings' best routes is the more
 * likely one: GET /objects/products/{objectId} beside GET and POST
 * /objects/products, rather than GET /stock/products/{productId}.
 */
/**
 * venue creates or updates one record a call. Where a route of the operation takes one record and passes, a route
 * whose body is a list of records (the bulk twin, often of a newer version of the API) is not taken, whatever the
 * evidence of its collection: it is there for loading many at once.
 */
function bulkTwinsBesideOneRecord(
  all: Map<InventoryOperation, Scored[]>,
  readings: Reading[],
  threshold: number,
): void {
  for (const name of oneRecordWrites) {
    const list = all.get(name) ?? [];
    const one = list
      .filter((c) => !c.refused && !c.narrowing && c.confidence >= threshold && !readings[c.index]!.request?.list)
      .sort((a, b) => b.total - a.total)[0];
    if (!one) continue;
    // A route read as the subject only by the role of its records (made with a URL and events: a notification to
    // some channel) is no twin of a collection its own path names: that one is the subject, many at once or not.
    const byRole = readings[one.index]!.deliveredSubscription !== undefined;
    for (const candidate of list) {
      if (candidate.refused || candidate.narrowing || !readings[candidate.index]!.request?.list) continue;
      if (byRole && readings[candidate.index]!.deliveredSubscription === undefined) continue;
      candidate.narrowing = `${routeOf(readings[one.index]!)} takes one record: this one loads many at once`;
      candidate.reasons.push(`but ${candidate.narrowing}`);
    }
  }
}

function addFamilyEvidence(all: Map<InventoryOperation, Scored[]>, readings: Reading[], threshold: number): void {
  const best = new Map<InventoryOperation, Scored>();
  for (const [name, list] of all) {
    // An update that replaces the record takes the whole record, the create's body again: its fields are the
    // create's evidence of the collection, not more of it (counted twice, they outvote the reads).
    const top = list
      .filter((c) => !c.refused && !c.replaces && c.confidence >= threshold)
      .sort((a, b) => b.total - a.total)[0];
    if (top) best.set(name, top);
  }
  for (const family of families) {
    // A collection one sibling finds to be another thing altogether is that thing for all of them.
    const contradicted = new Map<string, string>();
    for (const name of family) {
      for (const candidate of all.get(name) ?? []) {
        if (candidate.contradiction)
          contradicted.set(collectionOf(readings[candidate.index]!.path), candidate.contradiction);
      }
    }
    for (const name of family) {
      for (const candidate of all.get(name) ?? []) {
        const why = contradicted.get(collectionOf(readings[candidate.index]!.path));
        if (candidate.refused || !why || candidate.contradiction) continue;
        candidate.contradiction = why;
        candidate.total -= CONTRADICTION;
        candidate.confidence = confidenceOf(candidate.total);
        candidate.reasons.push(`but its collection's ${why.replace(/^its /, '')}`);
      }
    }
    for (const name of family) {
      for (const candidate of all.get(name) ?? []) {
        if (candidate.refused) continue;
        const collection = collectionOf(readings[candidate.index]!.path);
        const siblings = family.filter(
          (other) =>
            other !== name && best.has(other) && collectionOf(readings[best.get(other)!.index]!.path) === collection,
        );
        if (!siblings.length) continue;
        candidate.total += 0.3 * siblings.length;
        if (candidate.narrowing) candidate.total = Math.min(candidate.total, NARROWED_CAP);
        candidate.confidence = confidenceOf(candidate.total);
        candidate.reasons.push(`the collection of ${siblings.join(', ')}`);
      }
    }
  }
}

/** The words of a path's last segment that has any, its parameters and a format suffix (.json) aside: /material/{uuid}.json is "material". */
const lastSegmentWords = (path: string): string[] =>
  wordsOf(
    path
      .split('/')
      .map((s) => s.replace(/\{[^{}]+\}/g, '').replace(/\.(json|xml|yaml|yml)$/i, ''))
      .filter((s) => s && wordsOf(s).length)
      .pop() ?? '',
  );

function describeKind(kind: Kind): string {
  return {
    list: 'lists',
    read: 'reads one',
    create: 'creates',
    update: 'updates',
    upsert: 'creates or updates',
    delete: 'deletes',
    action: 'acts',
  }[kind];
}

// ---------------------------------------------------------------- choosing

export interface Candidate {
  route: string;
  source: string;
  confidence: number;
  /** Why it fell short, or why it is not this operation at all. */
  shortfall: string;
}

export interface OperationMatch {
  operation: InventoryOperation;
  /** The chosen document operation's index, when one was chosen. */
  index?: number;
  confidence?: number;
  reasons: string[];
  fields: string[];
  /** For an operation left unmapped: its best candidates and why each fell short. */
  candidates: Candidate[];
  /** For an operation left unmapped: why, in one line. */
  why?: string;
  /** For a mapped operation: the next best routes, for the review to offer. */
  alternatives: Candidate[];
  /** For a mapped update: it replaces the record (Scored.replaces). */
  replaces?: true;
}

const routeOf = (reading: Reading) => `${reading.operation.method} ${reading.path}`;

/**
 * Where the stock is kept, as the stock records say: the collection their place refers to. When they name a warehouse
 * (inventory_warehouse_id → GET /inventory_warehouses, location_id → GET /locations) that collection by its exact name;
 * when they name no warehouse, the collections they refer to (outlet_id → GET /outlets, supplyChannel → GET
 * /channels), what is stocked (a product, a variant) aside. Marked on those readings (stockPlace), for listWarehouses
 * to take them for the warehouses: venue's warehouses are the places its stock calls name.
 */
export function markStockPlaces(readings: Reading[]): void {
  const isList = (r: Reading) => r.operation.method === 'GET' && r.params.length === 0 && r.kind === 'list';
  const levels = readings.filter(
    (r) =>
      isList(r) &&
      (r.head.concept === 'level' || (!r.head.concept && r.operationIdHead?.concept === 'level')) &&
      // Opening balances of bank accounts are no stock records: a narrowed level says nothing of where stock is kept.
      !r.head.qualifier &&
      r.response?.list &&
      // Nor are records that count nothing (stock-take documents named "inventory").
      groupMatches(r.response, F.quantity, true) !== undefined,
  );
  const places = new Map<string, string>();
  const warehouses = new Map<string, string>();
  for (const level of levels) {
    for (const [phrase, field] of level.response!.refs) {
      const hits = findTerms(phrase.split(' '));
      const why = `${field} of ${routeOf(level)}`;
      if (hits.some((h) => h.term.concept === 'warehouse')) {
        if (!warehouses.has(phrase)) warehouses.set(phrase, why);
        continue;
      }
      if (hits.some((h) => h.term.concept === 'product' || h.term.concept === 'level')) continue;
      if (!places.has(phrase)) places.set(phrase, why);
    }
  }
  // Naming no warehouse, stock whose quantities are broken down by another record (per room, per bin: roomQuantities[]
  // .roomId) says that record is where it is kept, by name, as a warehouse it named would.
  if (!warehouses.size)
    for (const level of levels)
      for (const [phrase, field] of level.response!.breakdown) {
        const hits = findTerms(phrase.split(' '));
        if (hits.some((h) => h.term.concept === 'product' || h.term.concept === 'level')) continue;
        if (!warehouses.has(phrase)) warehouses.set(phrase, `${field} of ${routeOf(level)}`);
      }
  // The stock names its warehouse: only the collection of that exact name is marked, nothing else is inferred.
  const named = warehouses.size > 0;
  // Naming no warehouse, the stock records say where they are kept only when they name one other collection: an
  // entry of a document's position (document_id, position_id) says which document, not where.
  if (!named && places.size !== 1) return;
  const wanted = named ? warehouses : places;
  if (!wanted.size) return;
  for (const reading of readings) {
    if (!isList(reading)) continue;
    const segment = reading.path
      .split('/')
      .map((s) => s.replace(/\{[^{}]+\}/g, ''))
      .filter((s) => s && wordsOf(s).length)
      .pop();
    if (!segment) continue;
    const words = wordsOf(segment).join(' ');
    for (const [phrase, why] of wanted) {
      if (words !== phrase && (named || words !== phrase.split(' ').pop())) continue;
      reading.stockPlace = why;
      reading.concepts.add('warehouse');
      break;
    }
  }
  // Where they name one, another collection of places is not where venue's stock is (ship-from addresses, bins).
  const marked = readings.filter((r) => r.stockPlace !== undefined);
  if (!named || !marked.length) return;
  const said = marked.map(routeOf).join(', ');
  for (const reading of readings)
    if (isList(reading) && reading.stockPlace === undefined && reading.head.concept === 'warehouse')
      reading.otherPlace = said;
}

/** Quantities that say only how many, of anything: a line's, an order's, a movement's. */
const bareQuantities = new Set(['quantity', 'qty', 'amount', 'count', 'balance']);

/**
 * Stock levels are records that pair a product with a place and say how much of it is kept there. A list whose path
 * names none of venue's subjects (/item-sites, /product-locations) and whose records refer to a product and to a
 * place venue's words call a warehouse (inventory_item, inventorySite, location_id) and hold a quantity of stock (on
 * hand, available, in stock: not a bare quantity, which a movement's or an order's line has as well) lists the
 * levels by that shape. A path naming a subject (a movement, an order, the products) is read as it says.
 */
export function markStockRecords(readings: Reading[]): void {
  for (const reading of readings) {
    const records = reading.response;
    if (reading.operation.method !== 'GET' || reading.params.length || reading.kind !== 'list' || !records?.list)
      continue;
    // Its words name no other thing: only the product or the place it pairs, or the stock (an assembly built, an
    // order, a movement is read as it says). Its path names neither, or both (/products_locations).
    const paired = new Set<Concept | undefined>(['product', 'warehouse']);
    if ([...reading.concepts].some((concept) => !paired.has(concept) && concept !== 'level')) continue;
    const head = reading.head;
    if (
      head.concept &&
      !(paired.has(head.concept) && paired.has(head.context?.concept) && head.context?.concept !== head.concept)
    )
      continue;
    // The record's own id (rateUpdateBatchItemId of /rateupdatebatchitem) refers to nothing else.
    const own = normaliseName(lastSegmentWords(reading.path).join(''));
    const refs = [...records.refs].filter(([phrase]) => normaliseName(phrase) !== own);
    const referred = (concept: Concept) =>
      refs.find(([phrase]) => findTerms(phrase.split(' ')).some((h) => h.term.concept === concept));
    // An item of the stock (inventory_item, stockItem) is the product stocked: its last word says so.
    const product =
      referred('product') ??
      refs.find(([phrase]) => findTerms([phrase.split(' ').pop()!]).some((h) => h.term.concept === 'product'));
    const place = referred('warehouse');
    if (!product || !place) continue;
    const stock = [...records.amounts.names].find(
      (name) => F.quantity.names.includes(name) && !bareQuantities.has(name),
    );
    if (!stock) continue;
    reading.stockRecords = `its records pair a product (${product[1]}) and a place (${place[1]}) with the stock kept there (${stock}): stock levels`;
    reading.concepts.add('level');
  }
}

/** A quantity written as the figure now there, new or found by counting (newQuantity, actual_qty): never a change. */
const figureName = /^(new|counted|actual|physical)(quantity|qty|count|amount|stock|level)$/;

/**
 * An adjustment that takes, line by line, the quantity now there (newQuantity, countedQuantity) sets the stock to a
 * figure, what a count does: a write its path names for adjustments whose lines take such a figure is a stock take as
 * well (and stays the adjustment where its lines take a change too).
 */
export function markCountingAdjustments(readings: Reading[]): void {
  for (const reading of readings) {
    const request = reading.request;
    if (!['POST', 'PUT'].includes(reading.operation.method) || reading.params.length || !request?.lines.size) continue;
    if (reading.head.concept !== 'adjust') continue;
    const figure = [...request.amounts.lineNames].find((name) => figureName.test(name));
    if (!figure) continue;
    reading.setsCount = `its lines take the quantity now there (${figure}): the count it sets`;
    reading.concepts.add('count');
  }
}

/**
 * A write of the stock whose body lists products and the stock of each, and no change, sets the stock to those
 * figures, what a count does: a PUT or POST to a path whose head names the stock (/offer/stock, /Product/Stock,
 * /inventory), whose body is an array of records, or holds one, each naming a product (or, where the path puts the
 * stock under the products, an id) and the level itself (stock, onHand, stockOnHand: a bare quantity may as well be
 * an amount added), none a change (a delta, a difference). The array is its lines however it is held.
 */
export function markStockSetWrites(readings: Reading[]): void {
  const named = (fields: SchemaField[]) =>
    fields.map((f) => ({ name: normaliseName(f.name), terms: wordsOf(f.name), type: f.type }));
  // The level itself (stock, on hand, stock on hand): a bare quantity may as well be an amount added.
  const isFigure = (f: { name: string }) =>
    !bareQuantities.has(f.name) &&
    (F.quantity.names.includes(f.name) || /(onhand|stock)$/.test(f.name)) &&
    !/^(min|max|reorder|safety)/.test(f.name);
  for (const reading of readings) {
    const request = reading.operation.request;
    if (!['POST', 'PUT'].includes(reading.operation.method) || reading.params.length || !request?.list) continue;
    if (reading.head.concept !== 'level' || reading.setsCount || reading.keyedStock) continue;
    // The records of each array, by where they are: "" for a body that is the array, "inventory", "lines[].places".
    const records = new Map<string, SchemaField[]>();
    for (const field of request.fields) {
      const at = field.path.lastIndexOf('[].');
      if (at < 0 || field.path.slice(at + 3).includes('.')) continue;
      const key = field.path.slice(0, at);
      records.set(key, [...(records.get(key) ?? []), field]);
    }
    for (const [key, fields] of records) {
      // Lines are the records of the first array: not of an array inside records (a bin's products).
      if (key.includes('[]')) continue;
      const line = named(fields);
      const product = line.find(
        (f) =>
          f.type !== 'array' &&
          (F.productRef.names.includes(f.name) ||
            f.terms.includes('product') ||
            (reading.head.context?.concept === 'product' && f.name === 'id')),
      );
      if (!product) continue;
      // The figure is the line's, or of each place inside it (stockLocations[]: a stock and the place it is kept).
      const places = [...records]
        .filter(([inner]) => inner.startsWith(`${key}[].`) && !inner.slice(key.length + 3).includes('[]'))
        .map(([, inner]) => named(inner))
        .filter((inner) => inner.some((f) => F.warehouse.names.includes(f.name) || f.terms.includes('location')));
      const figure = line.find(isFigure) ?? places.flat().find(isFigure);
      const change = [line, ...places].flat().find((f) => f.terms.some((w) => changeWords.has(w)));
      if (!figure || change) continue;
      reading.setsCount = `its body lists products and the stock of each (${figure.name}), no change: the figures it sets`;
      if (!key) reading.linesAtTop = true;
      reading.concepts.add('count');
      break;
    }
  }
}

/** Words for the areas a country is divided into: a field named for one's name names the area, not the record. */
const areaWords = new Set([
  'city',
  'province',
  'state',
  'district',
  'subdistrict',
  'region',
  'country',
  'county',
  'regency',
  'village',
  'town',
  'municipality',
]);

/**
 * Records whose names are all names of areas (city_name, province_name, subdistrict_name: two or more), with no name,
 * title or label of their own, are areas of a country (a list of destinations, each with couriers' codes), never a
 * place stock is kept: a warehouse, a store, a location of the caller's is known by a name of its own. The area names,
 * or undefined.
 */
function areaNamesOnly(records: FieldSet): string | undefined {
  const named = [...records.names].filter((n) => /(name|title|label)$/.test(n));
  const areas = named.filter((n) => areaWords.has(n.replace(/(name|title|label)$/, '')));
  return areas.length >= 2 && areas.length === named.length ? areas.join(', ') : undefined;
}

/** Fields of an address: a street line, a city, a post code. */
const addressNames = new Set([
  'address',
  'address1',
  'addressline1',
  'line1',
  'street',
  'city',
  'postcode',
  'zip',
  'zipcode',
]);

/**
 * A place is where stock is kept only where the document keeps something there. A word for places that is as often
 * any address ("location": a customer's site, a branch, a job's address) names the warehouses only when something of
 * the document refers to its records: a field, a query or a path parameter named for its id (location_id,
 * locationUuid, locationCode, an object `location` holding an id), or a route under one of its records
 * (/locations/{id}/stock). A list of such places that nothing refers to holds addresses: where the stock is kept, the
 * stock or the products would name them. Its own routes (the list and its records) are no reference; a word that
 * always names a warehouse needs none.
 */

export function markUnreferencedPlaces(readings: Reading[]): void {
  const isList = (r: Reading) => r.operation.method === 'GET' && r.params.length === 0 && r.kind === 'list';
  const bare = (path: string) => path.replace(/\.[a-z]+$/i, '').replace(/\/+$/, '');
  for (const place of readings) {
    // "Location" alone (the other weak words for a warehouse name stock: an inventory source, a supply source), not put
    // under stock by its path (/availability/locations), whose records are addresses (a street line, a city, a post
    // code): a freezer or a shelf is a place whatever refers to it.
    if (!isList(place) || place.head.concept !== 'warehouse' || place.head.text !== 'location' || place.stockPlace)
      continue;
    if (place.head.context?.concept === 'level') continue;
    if (![...(place.response?.names ?? [])].some((name) => addressNames.has(name))) continue;
    const word = normaliseName(place.head.text.split(' ').pop() ?? '');
    if (!word) continue;
    const ids = new Set(
      ['id', 'ids', 'uuid', 'uuids', 'code', 'codes', 'key', 'keys', 'no', 'number'].map((s) => word + s),
    );
    const base = bare(place.path);
    const under = `${base}/{`;
    // The place's own list or one of its records (/locations, /locations/{id}): not a reference to it.
    const own = (path: string) =>
      path === base || (path.startsWith(under) && /^\{[^{}/]+\}$/.test(path.slice(base.length + 1)));
    const refers = (reading: Reading): boolean => {
      const path = bare(reading.path);
      if (own(path)) return false;
      if (path.startsWith(under) && path.slice(under.length).includes('/')) return true;
      const op = reading.operation;
      const params = [...reading.params, ...op.query, ...op.headers, ...Object.keys(op.pathParameters)];
      if (params.some((p) => ids.has(normaliseName(p)))) return true;
      for (const shape of [op.request, op.response]) {
        if (!shape) continue;
        const paths = new Set(shape.fields.map((f) => f.path));
        for (const field of shape.fields) {
          const name = normaliseName(field.name);
          if (ids.has(name)) return true;
          if (
            (name === word || name === `${word}s`) &&
            ['id', 'uuid', 'code', 'key'].some(
              (k) => paths.has(`${field.path}.${k}`) || paths.has(`${field.path}[].${k}`),
            )
          )
            return true;
        }
      }
      return false;
    };
    if (readings.some(refers)) continue;
    place.unreferencedPlace = `nothing in the document refers to its records (no ${word} id in a record, a parameter or a route under one): addresses, not where stock is kept`;
  }
}

/** venue's stock writes, and the subject each one's words name. */
const stockWrites: Partial<Record<InventoryOperation, 'count' | 'adjust' | 'receive'>> = {
  stockTake: 'count',
  adjustStock: 'adjust',
  receiveStock: 'receive',
};

/** What a path's segments after the product name: the stock itself, or one of venue's stock writes. */
const stockSubjects = new Set<Concept>(['level', 'count', 'adjust', 'receive']);

/** Words of a body field that say it holds how much there is (product_stock, available_quantity, qty, inventory). */
const quantityWords = new Set([
  'quantity',
  'qty',
  'stock',
  'available',
  'amount',
  'count',
  'inventory',
  'level',
  'hand',
]);
/** Words that may stand beside them and say no more (new_quantity, on_hand, counted_qty, physical_stock). */
const quantityModifiers = new Set(['on', 'new', 'counted', 'actual', 'physical', 'current', 'total', 'availability']);
/** Words of a body field that say it holds a signed change (stock_variation, quantity_delta, product_stockDelta). */
const changeWords = new Set([
  'delta',
  'change',
  'variation',
  'adjustment',
  'adjust',
  'difference',
  'diff',
  'increment',
  'decrement',
]);
/** Words that say a write raises or lowers the stock by its quantity: a signed change, whatever its body calls it. */
const signedWords = new Set(['increase', 'decrease', 'increment', 'decrement']);
/** Words that say a write brings stock in (/products/{id}/incoming): a receipt, whatever its body calls it. */
const incomingWords = new Set(['incoming']);

/**
 * The role of a path parameter of a stock write: the product it writes, or the warehouse it writes in, by its own
 * name (productId, sku, productVariantId, warehouseId, stockLocationId) or, where that is an id alone ({id}), by the
 * collection it picks from (/products/{id}, /warehouses/{id}). Anything else (a stock record, a bin, an inbound, an
 * order) is no key venue has.
 */
function keyRole(
  param: string,
  before: string | undefined,
  productCollection = false,
): 'product' | 'warehouse' | undefined {
  // A record of a collection read as the products by what it makes (markNamedStockCreates: /inventory/{inventory_id})
  // is a product, whatever the collection's word.
  if (productCollection) return 'product';
  const own = wordsOf(param).filter((w) => !identifierWords.has(w));
  const named = own.length ? headOf(own) : undefined;
  const head = named?.concept ? named : before && !before.includes('{') ? headOf(wordsOf(before)) : undefined;
  return head?.concept === 'product' || head?.concept === 'warehouse' ? head.concept : undefined;
}

/**
 * A stock write keyed by a product in its path (PUT /products/{id}/stock, POST /items/{id}/receive, PUT
 * /warehouses/{warehouseId}/products/{productId}/stock): a POST or PUT whose path parameters are the product it
 * writes and at most the warehouse, whose segments after the product name the stock or a stock write, and whose flat
 * body holds a quantity. Which of venue's writes it is: what those segments name (a count, an adjustment, a receipt),
 * else what its operationId or summary says, else its body: a quantity set to a figure is a count, a signed change an
 * adjustment, and a body that takes both is either.
 */
function keyedStockWrite(reading: Reading, productCollections: Set<string>): KeyedStockWrite | undefined {
  const { operation } = reading;
  // A PATCH of the stock is read too, for a person to pick (--map, the review): venue's stock writes map on evidence
  // only to a POST or PUT (the profiles' methods).
  if (operation.method !== 'POST' && operation.method !== 'PUT' && operation.method !== 'PATCH') return undefined;
  if (reading.queryId !== undefined || !reading.params.length || reading.params.length > 2) return undefined;
  const segments = reading.path.split('/').filter(Boolean);
  let product: string | undefined;
  let warehouse: string | undefined;
  for (const param of reading.params) {
    const at = segments.indexOf(`{${param}}`);
    if (at < 1) return undefined;
    const role = keyRole(param, segments[at - 1], productCollections.has(`/${segments.slice(0, at).join('/')}`));
    if (role === 'product' && product === undefined) product = param;
    else if (role === 'warehouse' && warehouse === undefined) warehouse = param;
    else return undefined;
  }
  if (product === undefined) return undefined;
  // What is written of the product: the segments after it (/products/{id}/stock), or, where it ends the path and its
  // own name says product (/inventory/{sku}, /variants/set_quantity/{variant_id}), the segment before it.
  const at = segments.indexOf(`{${product}}`);
  let after = segments.slice(at + 1).filter((s) => s !== `{${warehouse}}`);
  // (The warehouse's parameter between them aside: /stock/{warehouseId}/{productId}.)
  const before = segments[at - 1] === `{${warehouse}}` ? segments[at - 2] : segments[at - 1];
  if (!after.length && before !== undefined && wordsOf(product).some((w) => !identifierWords.has(w))) after = [before];
  if (!after.length || after.some((s) => s.includes('{'))) return undefined;
  const written = after.flatMap(wordsOf);
  // A word that says it raises or lowers the stock (/stock/increase) says how, not what.
  const head = headOf(written.filter((w) => !signedWords.has(w) && !incomingWords.has(w)));
  // How much there is of it, whatever verb sets it (/items/{id}/quantity, set_quantity): the stock.
  const quantity =
    written.some((w) => quantityWords.has(w)) &&
    written.every(
      (w) =>
        quantityWords.has(w) ||
        quantityModifiers.has(w) ||
        kindWords.has(w) ||
        signedWords.has(w) ||
        incomingWords.has(w),
    );
  const incoming = written.some((w) => incomingWords.has(w));
  if (!quantity && !incoming && (!head.concept || !stockSubjects.has(head.concept))) return undefined;
  const request = operation.request;
  if (!request || request.list) return undefined;
  // A body that requires a product of its own (the child's productId, a variantId) writes that one: the path's is its
  // parent, no product venue fills in.
  const own = normaliseName(product);
  if (
    request.fields.some(
      (f) =>
        f.depth === 0 &&
        f.required &&
        normaliseName(f.name) !== own &&
        F.productRef.names.includes(normaliseName(f.name)),
    )
  )
    return undefined;
  let absolute: string | undefined;
  let change: string | undefined;
  for (const field of request.fields) {
    if (field.depth > 0 || field.inArray || ['boolean', 'object', 'array'].includes(field.type ?? '')) continue;
    // The record's own words (product_stock) say whose quantity it is, no more.
    const ofField = wordsOf(field.name).filter((w) => findTerms([w])[0]?.term.concept !== 'product');
    if (!ofField.some((w) => quantityWords.has(w) || changeWords.has(w))) continue;
    if (ofField.some((w) => changeWords.has(w))) {
      if (ofField.every((w) => changeWords.has(w) || quantityWords.has(w) || quantityModifiers.has(w)))
        change ??= field.name;
    } else if (ofField.every((w) => quantityWords.has(w) || quantityModifiers.has(w))) absolute ??= field.name;
  }
  if (absolute === undefined && change === undefined) return undefined;
  const as = keyedWriteOf(reading, head.concept, written, absolute, change);
  if (!as) return undefined;
  return {
    product,
    ...(warehouse !== undefined ? { warehouse } : {}),
    as,
    ...(absolute !== undefined ? { absolute } : {}),
    ...(change !== undefined ? { change } : {}),
  };
}

/** Words of a field that key it to something venue has no id for: a stock record's own, a bin's, a lot's. */
const unkeyableWords = new Set(['level', 'levels', 'bin', 'bins', 'lot', 'lots', 'batch', 'serial', 'record']);
/** Words beside a quantity in a one-product record that say it is what came in (quantity_received): still the figure. */
const receivedWords = new Set(['received']);
/** Words of a route that make a new record: a stock record created is none a count, receipt or change writes to. */
const creatingWords = new Set(['create', 'add', 'new', 'insert']);
/** Words of a route that write a record whether it exists or not (upsert, set, submit): no creation alone. */
const writingWords = new Set(['update', 'upsert', 'set', 'submit', 'put', 'save']);
/** What venue's stock writes send beside the product, warehouse and quantity, by name: a value it may require. */
const writeOwnNames = new Set(['userid', 'user', ...F.reason.names, ...F.value.names, ...F.purchaseRef.names]);

/** Words that make a field a record's label, not its key: the name of location_name, the title of product_title. */
const labelWords = new Set(['name', 'names', 'title', 'label', 'description']);

/**
 * A stock write keyed by a product in its BODY (POST /inventory_levels/set {variant_id, warehouse_id, on_hand}, POST
 * /stock/adjust {sku, delta}): a POST or PUT with no path parameter (path variables aside) whose request is one
 * record, no list and no lines, holding exactly one field that names a product by its words, a quantity by the
 * path-keyed write's words, at most a warehouse's id, and nothing else it requires but what venue's writes send. A
 * field keyed to what venue has no id for (the record's own id, a stock level's, a bin's, a lot's) rules it out; a
 * bulk route is refused as any is. Which of venue's writes it is is read as for a write keyed by the path: what the
 * path names, what its operationId or summary says, else its body.
 */
function bodyKeyedStockWrite(reading: Reading): KeyedStockWrite | undefined {
  const { operation } = reading;
  if (operation.method !== 'POST' && operation.method !== 'PUT') return undefined;
  if (reading.queryId !== undefined || reading.params.length) return undefined;
  const request = operation.request;
  // A list in it (the body, or one at its top) holds lines: venue's own form, not one product's record.
  if (!request || request.list || request.unread?.length) return undefined;
  const segments = reading.path.split('/').filter((s) => s && !s.includes('{'));
  const written = segments.flatMap(wordsOf);
  const top = request.fields.filter((f) => f.depth === 0);
  if (!top.length) return undefined;
  const scalar = top.filter((f) => !['object', 'array', 'boolean'].includes(f.type ?? ''));
  const own = (name: string) => wordsOf(name).filter((w) => !identifierWords.has(w));
  const isKey = (name: string) => wordsOf(name).some((w) => identifierWords.has(w));
  // The record's own id, or one keyed to a stock level, a bin or a lot: venue has none of those to fill.
  if (top.some((f) => own(f.name).length === 0 && isKey(f.name))) return undefined;
  if (top.some((f) => isKey(f.name) && own(f.name).some((w) => unkeyableWords.has(w)))) return undefined;
  // venue fills the product and the warehouse with their ids: a field that names one by its label (location_name,
  // product_title) wants text venue does not have, and is neither key (a required one then rules the route out).
  const labelled = (name: string) => wordsOf(name).some((w) => labelWords.has(w));
  const products = scalar.filter(
    (f) =>
      !labelled(f.name) &&
      (F.productRef.names.includes(normaliseName(f.name)) || keyRole(f.name, undefined) === 'product'),
  );
  if (products.length !== 1) return undefined;
  const product = products[0]!.name;
  const warehouses = scalar.filter(
    (f) => isKey(f.name) && !labelled(f.name) && keyRole(f.name, undefined) === 'warehouse',
  );
  if (warehouses.length > 1) return undefined;
  const warehouse = warehouses[0]?.name;
  let absolute: string | undefined;
  let change: string | undefined;
  for (const field of scalar) {
    if (field.name === product || field.name === warehouse) continue;
    const ofField = wordsOf(field.name).filter((w) => findTerms([w])[0]?.term.concept !== 'product');
    if (!ofField.some((w) => quantityWords.has(w) || changeWords.has(w))) continue;
    if (ofField.some((w) => changeWords.has(w))) {
      if (ofField.every((w) => changeWords.has(w) || quantityWords.has(w) || quantityModifiers.has(w)))
        change ??= field.name;
    } else if (ofField.every((w) => quantityWords.has(w) || quantityModifiers.has(w) || receivedWords.has(w)))
      absolute ??= field.name;
  }
  if (absolute === undefined && change === undefined) return undefined;
  // What it requires beyond the product, the warehouse, the quantity and what venue's writes send is a value venue
  // does not have.
  const known = new Set([product, warehouse, absolute, change]);
  if (top.some((f) => f.required && !known.has(f.name) && !writeOwnNames.has(normaliseName(f.name)))) return undefined;
  // Its path names the stock or a write of it (/inventory_levels/set, /stock/adjust, /stock/movements), no other
  // record (/stock/shoppinglist/add-product writes a shopping list).
  const head = headOf(written.filter((w) => !signedWords.has(w) && !incomingWords.has(w)));
  if (head.concept !== undefined && !stockSubjects.has(head.concept)) return undefined;
  // A route that only raises or only lowers the stock (/inventory/decrease_on_hand) takes no signed change.
  const raises = written.some((w) => w === 'increase' || w === 'increment');
  const lowers = written.some((w) => w === 'decrease' || w === 'decrement');
  if (raises !== lowers) return undefined;
  // One that creates a record of a figure (create_inventory {item_number, quantity_on_hand}) makes a new stock
  // record: no count of what is there. Creating a change (a stock variation) is a movement.
  const says = [...written, ...wordsOf(operation.operationId ?? ''), ...wordsOf(operation.summary ?? '')];
  if (change === undefined && says.some((w) => creatingWords.has(w)) && !says.some((w) => writingWords.has(w)))
    return undefined;
  const names = [...written, ...wordsOf(operation.operationId ?? '')];
  const stockNamed =
    names.some((w) => quantityWords.has(w) || changeWords.has(w) || incomingWords.has(w)) ||
    (head.concept !== undefined && stockSubjects.has(head.concept)) ||
    (reading.operationIdHead?.concept !== undefined && stockSubjects.has(reading.operationIdHead.concept));
  if (!stockNamed) return undefined;
  // A record that states the figure it sets is a count (or a receipt): a change beside it (a delta the vendor
  // derives or ignores) makes it an adjustment only where the route says so.
  const as = keyedWriteOf(reading, head.concept, written, absolute, absolute !== undefined ? undefined : change);
  return (
    as && {
      product,
      ...(warehouse !== undefined ? { warehouse } : {}),
      inBody: true,
      as,
      ...(absolute !== undefined ? { absolute } : {}),
      ...(change !== undefined ? { change } : {}),
    }
  );
}

/**
 * Which of venue's stock writes a keyed write is: what its path names (a count, an adjustment, a receipt), else what
 * its operationId or summary says, else its body: a quantity set to a figure is a count, a signed change an
 * adjustment, and a body that takes both is either. Undefined where a count or receipt has no figure to set.
 */
function keyedWriteOf(
  reading: Reading,
  named: Concept | undefined,
  written: string[],
  absolute: string | undefined,
  change: string | undefined,
): KeyedStockWrite['as'] | undefined {
  const { operation } = reading;
  const incoming = written.some((w) => incomingWords.has(w));
  const said = [reading.operationIdHead?.concept, ...reading.summaryConcepts.keys()];
  if (incoming || wordsOf(operation.summary ?? '').some((w) => incomingWords.has(w))) said.push('receive');
  // "Increase or decrease the stock", /inventory/{sku}/increment: a signed change, whatever its body calls it.
  if (
    [...written, ...wordsOf(operation.operationId ?? ''), ...wordsOf(operation.summary ?? '')].some((w) =>
      signedWords.has(w),
    )
  )
    said.push('adjust');
  const as: KeyedStockWrite['as'] =
    named !== undefined && named !== 'level' && stockSubjects.has(named)
      ? [named as 'count' | 'adjust' | 'receive']
      : said.includes('receive')
        ? ['receive']
        : said.includes('adjust') && change === undefined
          ? ['adjust']
          : [
              ...(absolute !== undefined ? (['count'] as const) : []),
              ...(change !== undefined ? (['adjust'] as const) : []),
            ];
  // A count and a receipt set or add a quantity; only an adjustment takes a change.
  if (as.every((c) => c !== 'adjust') && absolute === undefined) return undefined;
  return as;
}

/**
 * The body a keyed stock write is weighed by: its own fields, and what the path and its quantity field are to venue (the
 * product and the warehouse the path names, the quantity under venue's name), as venue sends each line.
 */
function keyedBody(name: InventoryOperation, request: FieldSet, keyed: KeyedStockWrite): FieldSet {
  const added = ['productid', ...(keyed.warehouse !== undefined ? ['warehouseid'] : [])];
  const quantity = normaliseName(venueQuantity[name]!);
  const names = new Set([...request.names, ...added, quantity]);
  return {
    ...request,
    names,
    count: names.size,
    amounts: {
      names: new Set([...request.amounts.names, quantity]),
      words: request.amounts.words,
      lineNames: request.amounts.lineNames,
    },
  };
}

/** A field a keyed stock write was weighed by, as the document has it: the path's parameter, or the body's quantity. */
function keyedField(name: InventoryOperation, keyed: KeyedStockWrite, hit: string): string {
  if (hit === 'productid') return keyed.inBody ? keyed.product : `{${keyed.product}}`;
  if (hit === 'warehouseid' && keyed.warehouse !== undefined)
    return keyed.inBody ? keyed.warehouse : `{${keyed.warehouse}}`;
  if (hit === normaliseName(venueQuantity[name]!))
    return (name === 'adjustStock' ? (keyed.change ?? keyed.absolute) : keyed.absolute) ?? hit;
  return hit;
}

/** Marks the stock writes keyed by a product in their path or body, and names the write each can be among its subjects. */
export function markKeyedStockWrites(readings: Reading[]): void {
  // The collections read as products by what they make (markNamedStockCreates, which runs first): a parameter right
  // after one is a product's id.
  const productCollections = new Set(readings.filter((r) => r.stockedProducts).map((r) => collectionOf(r.path)));
  for (const reading of readings) {
    const keyed = keyedStockWrite(reading, productCollections) ?? bodyKeyedStockWrite(reading);
    if (!keyed) continue;
    reading.keyedStock = keyed;
    for (const concept of keyed.as) reading.concepts.add(concept);
  }
}

/** The keyed stock write a route is for this operation, where it is one (markKeyedStockWrites). */
export function keyedFor(
  name: InventoryOperation,
  reading: Reading,
  /** A person chose it (--map, the review): any of venue's stock writes may take it, whichever its words say. */
  chosen = false,
): KeyedStockWrite | undefined {
  const concept = stockWrites[name];
  return concept !== undefined && (chosen || reading.keyedStock?.as.includes(concept)) ? reading.keyedStock : undefined;
}

/** venue's name for the quantity each stock write sends. */
const venueQuantity: Partial<Record<InventoryOperation, string>> = {
  stockTake: 'countedQuantity',
  adjustStock: 'adjustmentQuantity',
  receiveStock: 'quantity',
};

/**
 * How a keyed stock write is stored for this operation: its path with the product's parameter named {productId} and
 * the warehouse's {warehouseId}, as venue fills them, the rest as the vendor wrote it; and the body's quantity under
 * the vendor's name ("countedQuantity=quantity", inventory.bodyNames). Undefined where it is none.
 */
export function keyedStockRoute(
  name: InventoryOperation,
  reading: Reading,
  path: string,
  chosen = false,
): { path: string; bodyNames: string[]; evidence: string; perLine?: true } | undefined {
  const keyed = keyedFor(name, reading, chosen);
  if (!keyed) return undefined;
  if (keyed.inBody) return bodyKeyedRoute(name, keyed, path);
  const renamed = path
    .split('/')
    .map((s) =>
      s === `{${keyed.product}}`
        ? '{productId}'
        : keyed.warehouse && s === `{${keyed.warehouse}}`
          ? '{warehouseId}'
          : s,
    )
    .join('/');
  const vendor = name === 'adjustStock' ? (keyed.change ?? keyed.absolute) : (keyed.absolute ?? keyed.change);
  const venue = venueQuantity[name]!;
  const bodyNames = vendor !== undefined && vendor !== venue ? [`${venue}=${vendor}`] : [];
  const evidence =
    `{${keyed.product}} is filled from ${name === 'adjustStock' ? "the adjustment's product" : "each line's product, one call per line"} (stored as {productId})` +
    (keyed.warehouse ? `, {${keyed.warehouse}} with the warehouse (stored as {warehouseId})` : '') +
    (vendor !== undefined ? `; its body's ${vendor} is venue's ${venue}` : '');
  return { path: renamed, bodyNames, evidence };
}

/**
 * How a stock write keyed by a product in its body is stored: its path as written; the product, the warehouse and the
 * quantity under the vendor's names (inventory.bodyNames); a take or a receipt marked one call per line
 * (inventory.perLine). An adjustment is one product's already.
 */
function bodyKeyedRoute(
  name: InventoryOperation,
  keyed: KeyedStockWrite,
  path: string,
): { path: string; bodyNames: string[]; evidence: string; perLine?: true } {
  const vendor = name === 'adjustStock' ? (keyed.change ?? keyed.absolute) : (keyed.absolute ?? keyed.change);
  const pairs: Array<[string, string | undefined]> = [
    ['productId', keyed.product],
    ['warehouseId', keyed.warehouse],
    [venueQuantity[name]!, vendor],
  ];
  const bodyNames = pairs
    .filter(([venue, word]) => word !== undefined && normaliseName(word) !== normaliseName(venue))
    .map(([venue, word]) => `${venue}=${word}`);
  const perLine = name !== 'adjustStock';
  const evidence =
    (perLine
      ? `one call per line, the product in the body as ${keyed.product}`
      : `the adjustment's product in the body as ${keyed.product}`) +
    (keyed.warehouse ? `, the warehouse as ${keyed.warehouse}` : '') +
    (vendor !== undefined ? `; its body's ${vendor} is venue's ${venueQuantity[name]}` : '');
  return { path, bodyNames, evidence, ...(perLine ? { perLine: true as const } : {}) };
}

/** Where at least two thirds of a document's writes (POST, PUT, PATCH) describe a request body, its routes say so. */
export function markBodiesDescribed(readings: Reading[]): void {
  const counts = new Map<string, { writes: number; bodies: number }>();
  for (const reading of readings) {
    // A template's routes (one per value of its parameter, operations.ts) are one write of the document.
    if (!['POST', 'PUT', 'PATCH'].includes(reading.operation.method) || reading.operation.filled) continue;
    const count = counts.get(reading.operation.source) ?? { writes: 0, bodies: 0 };
    count.writes++;
    if (reading.operation.declaresBody) count.bodies++;
    counts.set(reading.operation.source, count);
  }
  for (const reading of readings) {
    const count = counts.get(reading.operation.source);
    if (count && count.bodies * 3 >= count.writes * 2) reading.bodiesDescribed = true;
  }
}

/**
 * A collection made by giving it a URL to call and the events to send there (destination, subscribed_events) is a
 * webhook subscription, whatever the vendor calls it ("notification settings"): where its name says nothing of venue's
 * or names a subject of its own, its routes are read as naming webhook subscriptions. The URL must be a field so named
 * (a destination or URL, not a queue), and the events a field that says event, topic or trigger: a product with a
 * type and a link is none, nor is a record with a start and an end of its own (an event in a calendar).
 */
const spanStarts = new Set([
  'start',
  'startat',
  'startsat',
  'startdate',
  'starttime',
  'startdatetime',
  'begin',
  'beginsat',
]);
const spanEnds = new Set(['end', 'endat', 'endsat', 'enddate', 'endtime', 'enddatetime', 'finish', 'finishesat']);

export function markDeliveredSubscriptions(readings: Reading[]): void {
  const creates = readings.filter(
    (r) =>
      r.operation.method === 'POST' &&
      r.params.length === 0 &&
      r.kind === 'create' &&
      (r.head.concept === undefined || r.head.concept === 'other') &&
      r.head.text !== '',
  );
  for (const create of creates) {
    const body = create.request;
    if (!body) continue;
    const url = F.url.names.find((name) => name !== 'endpoint' && name !== 'target' && body.names.has(name));
    const events = ['event', 'topic', 'trigger'].find((word) => body.words.has(word));
    if (!url || !events || groupMatches(body, F.queue, false)) continue;
    // A record with a span of time of its own (a start and an end) is something that happens: a calendar's event with
    // a link and a kind, not a subscription the service delivers to.
    if ([...body.names].some((n) => spanStarts.has(n)) && [...body.names].some((n) => spanEnds.has(n))) continue;
    const collection = collectionOf(create.path);
    const text = create.head.text;
    for (const reading of readings) {
      if (collectionOf(reading.path) !== collection || reading.head.text !== text) continue;
      reading.head = { concept: 'webhook', weight: 0.8, text };
      reading.concepts.add('webhook');
      reading.deliveredSubscription = `${routeOf(create)} is made with a URL to call (${url}) and the events to send (${events}): webhook subscriptions`;
    }
  }
}

/**
 * A create whose very path is also deleted with no id (no path parameter, no id in the query), where nothing reads
 * what it made (no GET of that path, no route of one of its records: GET /x/{id}, DELETE /x?id=), turns the
 * account's one subscription on and off: a switch, not a subscriber venue can list, read back or change. (One
 * subscription per account that is read back at its path is venue's webhooks, one of them.)
 */
export function markAccountSwitches(readings: Reading[]): void {
  const idLike = (name: string) => /(^|[^a-z])(id|uuid|guid)$/i.test(name) || /[a-z](Id|ID|Uuid|UUID)$/.test(name);
  for (const create of readings) {
    if (create.operation.method !== 'POST' || create.operation.params.length) continue;
    const path = create.path;
    const off = readings.find(
      (r) =>
        r.operation.method === 'DELETE' &&
        r.path === path &&
        r.operation.params.length === 0 &&
        !r.operation.query.some(idLike),
    );
    if (!off) continue;
    const addressed = readings.some(
      (r) =>
        (collectionOf(r.path) === path && r.path !== path) ||
        (r.path === path && (r.operation.method === 'GET' || r.operation.query.some(idLike))),
    );
    if (addressed) continue;
    create.accountSwitch = `${routeOf(off)} takes no id and nothing reads what it makes: the account's one subscription, switched on and off, not a subscriber venue can read back`;
  }
}

/**
 * A stock-named collection read by its records as another subject (the products kept in stock, the places it is kept):
 * its path and an operationId that named the stock name that subject instead, at the weight of a reading by shape.
 */
function readAsNaming(reading: Reading, concept: 'product' | 'warehouse'): void {
  reading.head = { ...reading.head, concept, weight: 0.8 };
  if (reading.operationIdHead?.concept === 'level')
    reading.operationIdHead = { ...reading.operationIdHead, concept, weight: 0.8 };
  reading.concepts.add(concept);
}

/**
 * Stock levels are counted of products, never made by name. A collection named for the stock (/inventory,
 * /inventory-object) that is created at its own path from a record known by its own name (a name or title), one that
 * carries what a product does besides (a price, a code or SKU, a category) and refers to no product (no product, item
 * or variant id, no lines of products), makes the things kept in stock: venue's products, whatever its word and even
 * where each then holds its quantity (an on_hand of each). Its routes are read as naming products. A stock record is
 * made of a product and a place (a product id, or a quantity at a warehouse): never from a name alone. Records that
 * break their quantity down by place (a level per location) are that stock, kept per warehouse, and records nothing
 * reads back are no catalogue: both are read as their words say.
 */
export function markNamedStockCreates(readings: Reading[]): void {
  for (const create of readings) {
    if (create.operation.method !== 'POST' || create.params.length || create.kind !== 'create') continue;
    if (create.head.concept !== 'level' || create.stockedProducts) continue;
    // The stock's settings (/inventoryConfigurations, /inventory/settings: the stock word, then a part of the service)
    // are made by name too: things of the service's own, not things kept in stock.
    const last = lastSegmentWords(create.path);
    if (last.length > 1 && namespaceWords.has(last[last.length - 1]!)) continue;
    const body = create.request;
    if (!body || body.list || body.lines.size || groupMatches(body, F.name, false) === undefined) continue;
    // What a product carries beside its name: a price, a code or SKU of its own, a category. A pool or a status known
    // by a name alone (a stock of sales channels, an availability with a colour) is none.
    if ([F.price, F.code, F.categoryRef].every((g) => groupMatches(body, g, false) === undefined)) continue;
    // Its own SKU or code is what it is known by; an id of a product (product_id, variantId, an item object's id) is
    // a reference to another record.
    if ([...body.refs.keys()].some((phrase) => headOf(phrase.split(' ')).concept === 'product')) continue;
    // A record made with its quantity at a place (quantity_on_hand and a location_id) is a stock record, whatever else
    // it carries: the stock of that place.
    if (groupMatches(body, F.quantity, false) !== undefined && groupMatches(body, F.warehouse, false) !== undefined)
      continue;
    const collection = collectionOf(create.path);
    const ofCollection = readings.filter((r) => collectionOf(r.path) === collection);
    // A product venue makes is one it reads back: listed at its collection, or answered by the create (a field sent
    // comes back). A record nothing reads back (a test fixture whose answer is its errors) is no catalogue.
    const listed = ofCollection.some((r) => r.operation.method === 'GET' && !r.params.length && r.kind === 'list');
    if (!listed && ![...body.names].some((n) => create.response?.names.has(n))) continue;
    // Records that break their quantity down by place (a level per location: location_levels[].location_id) are the
    // stock kept in each warehouse, what venue's stock levels read: read as their words say.
    const perPlace = ofCollection.some((r) =>
      [...(r.response?.breakdown.keys() ?? [])].some((phrase) => headOf(phrase.split(' ')).concept === 'warehouse'),
    );
    if (perPlace) continue;
    const why = `${routeOf(create)} makes its records from their own name and refers to no product: the things kept in stock, not their stock`;
    // Its routes, and those under it that name nothing else (a search of it: /inventory/search), are the products';
    // what names a subject of its own under one of its records (/inventory/{id}/stocks) is read as it says.
    const own = (path: string) => collectionOf(path) === collection || path.startsWith(`${collection}/`);
    for (const reading of readings) {
      if (!own(reading.path) || reading.head.text !== create.head.text) continue;
      readAsNaming(reading, 'product');
      // Its summary's or tag's stock words ("List inventory items") name these records too: no stock level.
      reading.concepts.delete('level');
      reading.stockedProducts = why;
    }
  }
}

/**
 * "Stock items", "inventory items" are two things: the stock of a product (a quantity of a variant, at a location),
 * or the items kept in stock themselves. A collection so named whose records are known by their own name or code,
 * carry a price and refer to no product is the second: venue's products. Its routes are read as naming products.
 * A collection named for the stock by any other word (/inventory, /stock) whose records are so known and priced,
 * refer to no product and hold no quantity at all is no stock either: a level is a quantity, and records that hold
 * none are the things themselves (a menu's items called its inventory).
 */
export function markStockedProducts(readings: Reading[]): void {
  const lists = readings.filter(
    (r) => r.operation.method === 'GET' && r.params.length === 0 && r.kind === 'list' && r.head.concept === 'level',
  );
  for (const list of lists) {
    const records = list.response;
    if (!records?.list || !groupMatches(records, F.identity, false) || !groupMatches(records, F.price, false)) continue;
    const items = list.head.text.split(' ').pop() === 'item';
    if (!items && groupMatches(records, F.quantity, false) !== undefined) continue;
    // The record's own id (itemId of inventory items) refers to itself, not to a product; one that names another
    // record of its own kind (template_item_id, parent_item_id of stock items) relates items, and is no product whose
    // stock it counts either.
    const own = new Set(list.head.text.split(' '));
    const kind = list.head.text.split(' ').pop();
    const refersToProduct = [...records.refs.keys()].some((phrase) => {
      const phraseWords = phrase.split(' ');
      // "catalog item" is a term of its own, a product; "template item" is an item a word relates to this one.
      const whole = findTerms(phraseWords).some((hit) => hit.text === phrase);
      const ownKind = phraseWords.length > 1 && phraseWords[phraseWords.length - 1] === kind && !whole;
      return !phraseWords.every((w) => own.has(w)) && !ownKind && headOf(phraseWords).concept === 'product';
    });
    if (refersToProduct) continue;
    const collection = collectionOf(list.path);
    for (const reading of readings) {
      if (collectionOf(reading.path) !== collection || reading.head.text !== list.head.text) continue;
      readAsNaming(reading, 'product');
      reading.stockedProducts = items
        ? `its records (${routeOf(list)}) are known by their own name and price and refer to no product: the items kept in stock`
        : `its records (${routeOf(list)}) are known by their own name and price, refer to no product and hold no quantity: the things themselves, not their stock`;
    }
  }
}

/**
 * A collection named for the stock (/stocks) whose records are known by a name, hold no quantity and refer to no
 * product, and under each of whose records a list of the stock is read (/stocks/{stockId}/supplies: products and
 * their quantities), is the places the stock is kept: venue's warehouses, whatever the vendor calls them (a "stock" in
 * the sense of a stockroom). Records that hold a quantity, or whose own records hold none, are read as their words say,
 * and so is every such collection where the document names its warehouses, in words or as the places its stock
 * records refer to (a stock take's documents, named "inventory", with their lines under each, beside /store).
 */
export function markNamedStockPlaces(readings: Reading[]): void {
  const isList = (r: Reading) => r.operation.method === 'GET' && r.params.length === 0 && r.kind === 'list';
  // Where the words or the stock records name the warehouses, they are those: a stock-named collection is read as its
  // words say.
  const namedPlaces = (r: Reading) =>
    r.head.concept === 'warehouse' ||
    r.stockPlace !== undefined ||
    ((r.head.concept === undefined || r.head.concept === 'other') && r.concepts.has('warehouse'));
  if (readings.some((r) => isList(r) && namedPlaces(r))) return;
  const lists = readings.filter((r) => isList(r) && r.head.concept === 'level');
  for (const list of lists) {
    const records = list.response;
    if (!records?.list || !groupMatches(records, F.name, false)) continue;
    if ([F.quantity, F.productRef, F.price].some((g) => groupMatches(records, g, false) !== undefined)) continue;
    const collection = collectionOf(list.path);
    // The stock read per record of it: products and their quantities, in a list under one of its records.
    const held = readings.find((r) => {
      const rest = r.path.slice(collection.length);
      return (
        r.operation.method === 'GET' &&
        r.path.startsWith(`${collection}/{`) &&
        /^\/\{[^{}/]+\}\/[^{}]+$/.test(rest) &&
        r.kind === 'list' &&
        r.response?.list === true &&
        groupMatches(r.response, F.quantity, false) !== undefined &&
        groupMatches(r.response, F.productRef, false) !== undefined
      );
    });
    if (!held) continue;
    for (const reading of readings) {
      if (collectionOf(reading.path) !== collection || reading.head.text !== list.head.text) continue;
      readAsNaming(reading, 'warehouse');
      reading.concepts.delete('level');
      reading.stockedPlaces = `its records (${routeOf(list)}) are known by a name and hold no quantity, and the stock is read under each of them (${routeOf(held)}): the places it is kept`;
    }
  }
}

/**
 * A product is no account and no document: records that keep a balance, a total or a payment (a customer's wallet, an
 * invoice) are what a sum is owed or held on, whatever else they carry (a name, a currency, a rate).
 */
const accountNames = ['total', 'totalamount', 'balance', 'amountdue', 'grandtotal', 'subtotal'];
const accountOrDocument = (records: FieldSet) =>
  accountNames.some((n) => records.names.has(n)) || groupMatches(records, F.payment, false) !== undefined;

/**
 * Venue's products are what the document counts: where its words name no product list, the one collection of a word
 * venue does not know whose records are known by their own name or code and carry a price, and that other records refer
 * to by id beside a quantity of it (a basket's package_id and quantity, a job's material_uuid and quantity), is read as
 * naming products, whatever the vendor calls them (packages, plans, materials). A collection the words name at all
 * (customers, invoices) is what they say; records whose lines count other records (an invoice's) are documents of them;
 * two such collections are left to a person.
 */
export function markCountedProducts(readings: Reading[]): void {
  const isList = (r: Reading) => r.operation.method === 'GET' && r.params.length === 0 && r.kind === 'list';
  // Read first, since it costs nothing: where the words name a product list, the role is filled, and no body is read.
  if (readings.some((r) => isList(r) && r.head.concept === 'product' && r.head.weight >= 0.8)) return;
  const joined = (phrase: string) => phrase.replace(/ /g, '');
  // A format after the path (/material.json, /material/{uuid}.json) is no part of the collection.
  const collectionKey = (path: string) => collectionOf(path.replace(/\.(json|xml|yaml|yml)$/i, ''));
  const segmentOf = (reading: Reading) => lastSegmentWords(reading.path).join('');
  // What the stock records count (an inventory entry's food_id beside its amount) is what is stocked, priced or not;
  // the unit the amount is measured in is how it is counted, and the organization or company it belongs to whose
  // stock it is, not what.
  const stockCounts = new Set<string>();
  for (const reading of readings) {
    if (!findTerms(reading.pathWords).some((h) => h.term.concept === 'level')) continue;
    for (const body of [reading.response, reading.request]) {
      if (!body || groupMatches(body, F.quantity, false) === undefined) continue;
      for (const phrase of body.refs.keys())
        if (!measureWords.has(phrase) && !serviceScopeWords.has(phrase.split(' ').pop()!))
          stockCounts.add(joined(phrase));
    }
  }
  const candidates = readings.filter((r) => {
    if (!isList(r) || r.head.concept !== undefined || r.scopeOf !== undefined) return false;
    const records = r.response;
    if (!records?.list || groupMatches(records, F.identity, false) === undefined) return false;
    if (records.breakdown.size || accountOrDocument(records)) return false;
    return groupMatches(records, F.price, false) !== undefined || stockCounts.has(segmentOf(r));
  });
  if (!candidates.length) return;
  const wanted = new Set(candidates.map(segmentOf));
  // Where records that count something refer to those by id: "package" → "package_id of POST /baskets/{id}/lines".
  const counted = new Map<string, { why: string; collections: Set<string> }>();
  for (const reading of readings)
    for (const body of [reading.response, reading.request]) {
      if (!body || groupMatches(body, F.quantity, false) === undefined) continue;
      for (const [phrase, field] of body.refs) {
        if (!wanted.has(joined(phrase))) continue;
        const known = counted.get(joined(phrase)) ?? { why: `${field} of ${routeOf(reading)}`, collections: new Set() };
        known.collections.add(collectionKey(reading.path));
        counted.set(joined(phrase), known);
      }
    }
  // Counted elsewhere than in its own records (an offer's own offerId is no reference).
  const countedElsewhere = candidates.filter((r) =>
    [...(counted.get(segmentOf(r))?.collections ?? [])].some((c) => c !== collectionKey(r.path)),
  );
  if (new Set(countedElsewhere.map((r) => collectionKey(r.path))).size !== 1) return;
  const list = countedElsewhere[0]!;
  const collection = collectionKey(list.path);
  const why = `other records count its records by id (${counted.get(segmentOf(list))!.why}), known by their own name and price: the products`;
  readAsProducts(readings, list, (r) => collectionKey(r.path) === collection, 0.8, why);
}

/**
 * Where no collection the words name for products is created and no collection is counted by other records' lines, the
 * catalogue may still be there under a word of the vendor's own (plans): a list whose records are known by a name, key
 * or code, carry a price or a currency, and that other records refer to by id (or, where no path names products at
 * all, the one such list where other records refer to a product by id). A party (an e-mail, phone or address) is not
 * one, nor a document (a total, a balance, a payment), nor a record carrying the key another collection is read by (an
 * offer of an item); a collection the words give to another of venue's operations is what they say. One attached under
 * another's record (/plans/{planId}/addons) is a part of it. Exactly one such collection, kept in full on its own path
 * (a create that takes a body, one record by its id), is read as naming products, at a lower weight than a product's
 * own word; two or more are left to a person.
 */
export function markPricedCatalogue(readings: Reading[]): void {
  const isList = (r: Reading) => r.operation.method === 'GET' && r.params.length === 0 && r.kind === 'list';
  const joined = (phrase: string) => phrase.replace(/ /g, '');
  const collectionKey = (path: string) => collectionOf(path.replace(/\.(json|xml|yaml|yml)$/i, ''));
  // A product list the words name, whose records the document creates, is the catalogue; one only read (an app
  // marketplace's listings) leaves the question open.
  const createdAt = (r: Reading) =>
    readings.some((o) => o.operation.method === 'POST' && o.path === r.path && o.operation.request);
  if (readings.some((r) => isList(r) && r.head.concept === 'product' && r.head.weight >= 0.8 && createdAt(r))) return;
  if (readings.some((r) => r.stockedProducts)) return;
  const segmentOf = (reading: Reading) => lastSegmentWords(reading.path).join('');
  // The keys other collections' records are read by (/inventory_item/{sku}): a record carrying one is about that
  // record (an offer of an item), not the catalogue. A bare id says nothing of whose it is.
  const keysOf = (collection: string) =>
    new Set(
      readings
        .filter((r) => r.trailingParam && r.params.length && collectionKey(r.path) !== collection)
        .map((r) => normaliseName(r.params[r.params.length - 1]!))
        .filter((key) => !['id', 'uuid', 'guid'].includes(key)),
    );
  const candidates = readings.filter((r) => {
    if (!isList(r) || r.scopeOf !== undefined || r.trial) return false;
    if (r.head.concept !== undefined && r.head.concept !== 'other') return false;
    const records = r.response;
    if (!records?.list || groupMatches(records, F.identity, false) === undefined) return false;
    if (groupMatches(records, F.price, false) === undefined && groupMatches(records, F.currency, false) === undefined)
      return false;
    if (groupMatches(records, F.contact, false) !== undefined || accountOrDocument(records)) return false;
    if ([...keysOf(collectionKey(r.path))].some((key) => records.names.has(key))) return false;
    return true;
  });
  const keptInFull = (r: Reading) =>
    createdAt(r) &&
    readings.some(
      (o) =>
        collectionKey(o.path) === collectionKey(r.path) &&
        o.operation.method === 'GET' &&
        o.params.length === 1 &&
        o.trailingParam,
    );
  if (!candidates.length) return;
  const wanted = new Map(candidates.map((r) => [segmentOf(r), r]));
  const referred = new Map<string, string>();
  for (const reading of readings)
    for (const body of [reading.response, reading.request]) {
      if (!body) continue;
      for (const [phrase, field] of body.refs) {
        const list = wanted.get(joined(phrase));
        if (!list || collectionKey(reading.path) === collectionKey(list.path) || referred.has(segmentOf(list)))
          continue;
        referred.set(segmentOf(list), `${field} of ${routeOf(reading)}`);
      }
    }
  // Records that refer to a product by id where no collection is named for products refer to the one candidate
  // there is (a catalogue renamed: product_id naming a plan).
  if (
    candidates.length === 1 &&
    !referred.size &&
    !readings.some((r) => findTerms(r.pathWords).some((h) => h.term.concept === 'product' && h.term.weight >= 0.8))
  )
    for (const reading of readings) {
      if (collectionKey(reading.path) === collectionKey(candidates[0]!.path)) continue;
      const field = [reading.request, reading.response]
        .flatMap((b) => (b ? [...b.refs] : []))
        .find(([phrase]) => headOf(phrase.split(' ')).concept === 'product' && phrase.split(' ').length === 1);
      if (field) {
        referred.set(
          segmentOf(candidates[0]!),
          `${field[1]} of ${routeOf(reading)}, where no collection is named for products`,
        );
        break;
      }
    }
  const referredTo = candidates.filter((r) => referred.has(segmentOf(r)));
  // Records attached under another such collection's record (/plans/{planId}/addons) are parts of those, not the
  // catalogue.
  const lastOf = (path: string) => path.split('/').pop()!;
  const found = referredTo.filter(
    (b) =>
      !referredTo.some(
        (a) =>
          a !== b &&
          readings.some((r) => r.path.startsWith(`${a.path}/{`) && r.path.split('/').slice(1).includes(lastOf(b.path))),
      ),
  );
  if (new Set(found.map((r) => collectionKey(r.path))).size !== 1 || !keptInFull(found[0]!)) return;
  const list = found[0]!;
  const collection = collectionKey(list.path);
  const why = `no route names products; its records are known by a name and carry a price or currency, kept in full on their own path, and others refer to them (${referred.get(segmentOf(list))}): the catalogue, under the vendor's own word`;
  readAsProducts(readings, list, (r) => collectionKey(r.path) === collection, 0.6, why);
}

/**
 * The routes of the collection found to hold the products under the vendor's own word (`list`'s, where `ofIt` says a
 * route is of it and its head word is the list's): read as naming products, at `weight`, `why` said in the review.
 */
function readAsProducts(
  readings: Reading[],
  list: Reading,
  ofIt: (r: Reading) => boolean,
  weight: number,
  why: string,
): void {
  for (const reading of readings) {
    if (!ofIt(reading) || reading.head.text !== list.head.text) continue;
    reading.head = { concept: 'product', weight, text: list.head.text };
    if (reading.operationIdHead && reading.operationIdHead.text === list.head.text)
      reading.operationIdHead = { concept: 'product', weight, text: list.head.text };
    reading.concepts.add('product');
    reading.stockedProducts = why;
  }
}

/**
 * A health check reports on the service, and nothing writes to it. A path the document also writes records to (a
 * POST, PUT or PATCH on the same path that takes a body) holds those records: its GET lists them (statuses a person
 * defines, sessions, pings logged), whatever the path is called, and is never the service's health.
 */
export function markWrittenCollections(readings: Reading[]): void {
  const writes = new Map<string, Reading>();
  for (const r of readings)
    if (['POST', 'PUT', 'PATCH'].includes(r.operation.method) && r.operation.request && !writes.has(r.path))
      writes.set(r.path, r);
  for (const reading of readings) {
    if (reading.operation.method !== 'GET' || reading.params.length) continue;
    const write = writes.get(reading.path);
    if (write)
      reading.writtenCollection = `${routeOf(write)} writes records to its path: the GET lists them, not the service's health`;
  }
}

/**
 * A health check is what a document offers to say the service is up. Where no route's path names one plainly (health,
 * ping, status, heartbeat: a full-weight term, no word narrowing it, outside a sandbox), the route that says the
 * service's version (GET /version, /api/v1/version), nothing narrowing it either and its summary or tag saying so, is
 * the nearest it has: marked, and it counts as a health check's own path would.
 */
export function markOnlyVersion(readings: Reading[]): void {
  const plain = (r: Reading) =>
    r.operation.method === 'GET' &&
    r.params.length === 0 &&
    r.head.concept === 'health' &&
    !r.head.qualifier &&
    !r.head.context &&
    !r.trial;
  if (readings.some((r) => plain(r) && r.head.weight >= 1)) return;
  // Its summary or its tag says so (a version of the API, a tag for health): a route named for a version and nothing
  // more may be a record of versions of something.
  const versions = readings.filter(
    (r) => plain(r) && r.head.text === 'version' && (r.summaryConcepts.has('health') || r.tagConcepts.has('health')),
  );
  for (const reading of versions)
    reading.onlyVersion = `no path of the document names a health check: the service's version (${routeOf(reading)}) is the nearest`;
}

/**
 * Venue's categories are what its products are filed under, whatever the vendor calls them: where the products'
 * records refer to a collection by a field named for a grouping (commodityGroup, productFolder, shop_section_id:
 * groupingWords), that collection's list, whose records are known by a name or code, is read as naming categories.
 * The field says what the grouping is of: the products' own word before it (a product folder, a commodity group), the
 * scope the products are listed under (shop_section_id of /shops/{shop_id}/listings), or nothing (group_id); any other
 * word narrows it to something else (a subsidy group, a unit-of-measure group, a price group). A grouping named for the
 * products comes before a bare one (MoySklad-style records name both their folder and their owner's group); where the
 * fields so read lead to more than one collection, none is marked.
 */
export function markProductGroupings(readings: Reading[]): void {
  const isList = (r: Reading) => r.operation.method === 'GET' && r.params.length === 0 && r.kind === 'list';
  // Where the words name a category list plainly (GET /categories), the role is filled: no grouping stands in for it.
  if (readings.some((r) => isList(r) && r.head.concept === 'category' && r.head.weight >= 1 && !r.head.qualifier))
    return;
  const products = readings.filter(
    (r) => isList(r) && r.head.concept === 'product' && r.head.weight >= 0.8 && !r.head.qualifier && r.response?.list,
  );
  if (!products.length) return;
  const productWords = (phraseWords: string[]) =>
    phraseWords.length > 0 &&
    findTerms(phraseWords).reduce((n, h) => n + (h.term.concept === 'product' ? h.term.words.length : 0), 0) ===
      phraseWords.length;
  const named = new Map<string, string>();
  const bare = new Map<string, string>();
  const exact = new Map<string, string>();
  for (const list of products) {
    const scope = new Set(list.vars.flatMap((v) => wordsOf(v)));
    for (const [phrase, field] of list.response!.refs) {
      const phraseWords = phrase.split(' ');
      // A field that names a category by its whole name (supermarket_category, reporting_category_id): the products
      // are filed under that one, whatever word narrows it, where a collection of that very name lists them (below).
      const hits = findTerms(phraseWords);
      const last = hits[hits.length - 1];
      if (
        last?.term.concept === 'category' &&
        last.at + last.term.words.length === phraseWords.length &&
        hits.length === 1 &&
        phraseWords.length > last.term.words.length
      ) {
        exact.set(phrase, exact.get(phrase) ?? `${field} of ${routeOf(list)}`);
        continue;
      }
      if (!groupingWords.has(phraseWords[phraseWords.length - 1]!)) continue;
      const before = phraseWords.slice(0, -1);
      const why = `${field} of ${routeOf(list)}`;
      if (productWords(before)) named.set(phrase, named.get(phrase) ?? why);
      else if (before.every((w) => scope.has(w))) bare.set(phrase, bare.get(phrase) ?? why);
    }
  }
  const segmentOf = (reading: Reading) => lastSegmentWords(reading.path);
  for (const wanted of [exact, named, bare]) {
    if (!wanted.size) continue;
    const found = new Map<string, { lists: Reading[]; why: string }>();
    for (const reading of readings) {
      if (!isList(reading) || !reading.response?.list || !groupMatches(reading.response, F.identity, false)) continue;
      const segment = segmentOf(reading);
      for (const [phrase, why] of wanted) {
        const phraseWords = phrase.split(' ');
        // The collection by the field's name, run together or not (productfolder), or by its last words (sections of
        // shop_section_id).
        const same =
          segment.join('') === phraseWords.join('') ||
          (wanted !== exact &&
            segment.length > 0 &&
            segment.length < phraseWords.length &&
            segment.every((w, i) => phraseWords[phraseWords.length - segment.length + i] === w));
        if (!same) continue;
        const key = collectionOf(reading.path);
        const known = found.get(key) ?? { lists: [], why };
        known.lists.push(reading);
        found.set(key, known);
      }
    }
    if (found.size === 0) continue;
    if (found.size > 1) return;
    const [{ lists, why }] = [...found.values()];
    for (const reading of lists!) {
      reading.productGrouping = why;
      reading.concepts.add('category');
    }
    return;
  }
}

/**
 * Venue's categories are the ones its products are filed under. A category list chosen where the routes chosen for
 * the products refer to no category at all (no category field in their records or bodies) is another's taxonomy (a
 * marketplace's category tree, a bookkeeping one): it is taken back and kept below the threshold, as a narrowing.
 */
/**
 * A webhook subscription is changed or removed where it was made: a route of one record (PUT, DELETE
 * /subscriptions/{id}) is taken only beside the list or create of its own collection. Alone, "subscriptions" may be
 * anything (a customer's billing plans), and a subscription venue cannot list or make is none it would change.
 */
function webhookRecordsWithoutCollection(
  chosen: Map<InventoryOperation, Scored>,
  taken: Map<number, Scored>,
  readings: Reading[],
) {
  // A path's literal segments: /{administration_id}/webhooks/{id}{format} and /webhook/id/{id} are records of
  // /{administration_id}/webhooks{format} and /webhook.
  // The venue's scope (/sites/{site_id} of /sites/{site_id}/webhooks) is no part of the collection: a record route at
  // /webhooks/{webhook_id} is one of its records.
  const literal = (reading: Reading) =>
    reading.path
      .split('/')
      .filter((segment, i, all) => !reading.vars.some((v) => all[i + 1] === `{${v}}`))
      .join('/')
      .replace(/\{[^{}]*\}/g, '')
      // The answer's format after a path (/hooks.json, /hooks/{id}.json) is no part of the collection.
      .replace(/\.(json|xml|yaml|yml)(?=\/|$)/gi, '')
      .split('/')
      .filter((segment) => segment && segment.toLowerCase() !== 'id')
      .join('/')
      // A document that writes one collection's path in two letter cases (/webhooks, /Webhooks/{id}) means one.
      .toLowerCase();
  const chosenCollections = (['listWebhooks', 'createWebhook'] as const)
    .map((name) => chosen.get(name))
    .filter((c): c is Scored => c !== undefined)
    .map((c) => readings[c.index]!);
  const collections = chosenCollections.map(literal);
  // An RPC-style record route (its id in the query, /webhook.delete.json?id=) names its collection and its verb in
  // one segment, as the collection's own routes do (/webhook.list.json, /getWebhooks): its collection is that path
  // with the verb words of its last segment dropped, one or many alike.
  const subjectOf = (path: string) => {
    const segments = path.split('/');
    const words = wordsOf(segments.pop() ?? '')
      .filter((word) => !kindWords.get(word))
      .map((word) => word.replace(/(?<=[^s])s$/, ''));
    return [...segments, words.join(' ')].join('/');
  };
  for (const name of ['updateWebhook', 'deleteWebhook'] as const) {
    const record = chosen.get(name);
    if (!record) continue;
    if (collections.includes(literal(readings[record.index]!))) continue;
    const recordReading = readings[record.index]!;
    if (recordReading.queryId !== undefined && collections.map(subjectOf).includes(subjectOf(literal(recordReading))))
      continue;
    chosen.delete(name);
    taken.delete(record.index);
    setAside(
      record,
      chosenCollections.length
        ? `it is no record of the subscriptions listed or made (${chosenCollections.map((r) => r.path).join(', ')})`
        : 'no route lists or makes the subscriptions it would change',
    );
  }
}

/** Sets a scored route aside for what a later pass found: the narrowing said, and its score kept below the threshold. */
function setAside(scored: Scored, narrowing: string): void {
  scored.narrowing = narrowing;
  scored.reasons.push(`but ${narrowing}`);
  scored.total = Math.min(scored.total, NARROWED_CAP);
  scored.confidence = confidenceOf(scored.total);
}

/** The best candidate for an operation that passes on its own, no route taken yet, and fits (a later pass's choice). */
const bestUntaken = (
  all: Map<InventoryOperation, Scored[]>,
  name: InventoryOperation,
  taken: Map<number, Scored>,
  threshold: number,
  fits: (c: Scored) => boolean,
): Scored | undefined =>
  (all.get(name) ?? [])
    .filter((c) => !c.refused && !c.narrowing && c.confidence >= threshold && !taken.has(c.index) && fits(c))
    .sort((a, b) => b.total - a.total)[0];

/**
 * Venue's products (its webhook subscriptions, its suppliers) are one collection: where most of a family's routes
 * taken are of one collection, a member taken from another collection takes that collection's route instead, when
 * that one is itself evidence enough (GET /items beside GET, POST and PUT /items/{id}, not GET /products of a
 * carrier's shipping products).
 */
function oneCollectionPerFamily(
  all: Map<InventoryOperation, Scored[]>,
  chosen: Map<InventoryOperation, Scored>,
  taken: Map<number, Scored>,
  readings: Reading[],
  threshold: number,
) {
  for (const family of families) {
    const counts = new Map<string, number>();
    for (const name of family) {
      const pick = chosen.get(name);
      if (pick) {
        const collection = collectionOf(readings[pick.index]!.path);
        counts.set(collection, (counts.get(collection) ?? 0) + 1);
      }
    }
    const [first, second] = [...counts.entries()].sort((a, b) => b[1] - a[1]);
    if (!first || first[1] < 2 || (second && second[1] >= first[1])) continue;
    const [home] = first;
    for (const name of family) {
      const pick = chosen.get(name);
      if (!pick || collectionOf(readings[pick.index]!.path) === home) continue;
      const instead = bestUntaken(all, name, taken, threshold, (c) => collectionOf(readings[c.index]!.path) === home);
      if (!instead) continue;
      taken.delete(pick.index);
      chosen.set(name, instead);
      taken.set(instead.index, instead);
      instead.reasons.push(
        `the collection of the other routes taken for ${profiles[name].subject}, over ${routeOf(readings[pick.index]!)}`,
      );
    }
  }
}

/**
 * A stock write keyed by the product in its path writes the stock of the collection the key stands under. Where that
 * collection has the name of the one taken for venue's products but stands elsewhere (/cart/products/{id}/adjust beside
 * GET /wms/products: a storefront connection's products beside the warehouse's), it writes those other products'
 * stock, not the stock of the products venue keeps, and is set aside (another write that passes takes its place). A
 * collection of another name (/variants/{id}/stock, /inventory/{sku}) is the products' own stock by another word.
 */
function stockOfOtherProducts(
  all: Map<InventoryOperation, Scored[]>,
  chosen: Map<InventoryOperation, Scored>,
  taken: Map<number, Scored>,
  readings: Reading[],
  threshold: number,
) {
  // Every collection the products' routes taken stand in (a list at /products, one product at /product/{id}).
  const homes = new Set(
    (['listProducts', 'getProduct', 'createProduct', 'updateProduct'] as const)
      .map((name) => chosen.get(name))
      .filter((c): c is Scored => c !== undefined)
      .map((c) => collectionOf(readings[c.index]!.path)),
  );
  if (!homes.size) return;
  const home = [...homes][0]!;
  const elsewhere = (reading: Reading) => {
    const keyed = reading.keyedStock;
    if (!keyed || keyed.inBody) return undefined;
    const at = reading.path.indexOf(`/{${keyed.product}}`);
    const collection = at < 0 ? undefined : reading.path.slice(0, at);
    if (collection === undefined || homes.has(collection)) return undefined;
    const own = lastSegmentWords(collection).join(' ');
    return own && [...homes].some((h) => lastSegmentWords(h).join(' ') === own) ? collection : undefined;
  };
  for (const name of ['stockTake', 'receiveStock', 'adjustStock'] as const) {
    const pick = chosen.get(name);
    const collection = pick && elsewhere(readings[pick.index]!);
    if (!pick || collection === undefined) continue;
    const narrowing = `it writes the stock of ${collection}, products of the same name as venue's (${home}) kept elsewhere: those products' stock, not venue's`;
    if (taken.get(pick.index) === pick) taken.delete(pick.index);
    chosen.delete(name);
    setAside(pick, narrowing);
    const instead = bestUntaken(all, name, taken, threshold, (c) => elsewhere(readings[c.index]!) === undefined);
    if (!instead) continue;
    chosen.set(name, instead);
    taken.set(instead.index, instead);
  }
}

/**
 * venue lists tax groups: where a document lists its tax groups and its tax rates both, each as good evidence, the
 * groups are venue's (a product is filed under a group, which is made of rates); a list of rates stands in for them
 * only where no group list passes.
 */
function taxGroupsBeforeRates(
  all: Map<InventoryOperation, Scored[]>,
  chosen: Map<InventoryOperation, Scored>,
  taken: Map<number, Scored>,
  readings: Reading[],
  threshold: number,
) {
  const pick = chosen.get('listTaxGroups');
  const headWords = (c: Scored) => readings[c.index]!.head?.text.split(' ') ?? [];
  if (!pick || !headWords(pick).includes('rate')) return;
  const groups = (all.get('listTaxGroups') ?? []).find(
    (c) =>
      !c.refused && !c.narrowing && c.confidence >= threshold && !taken.has(c.index) && headWords(c).includes('group'),
  );
  if (!groups) return;
  taken.delete(pick.index);
  chosen.set('listTaxGroups', groups);
  taken.set(groups.index, groups);
}

/** A word that names products, or begins with a word that does (productassignment: the products assigned). */
const namesProductsFirst = (word: string) =>
  [...Array(word.length - 2).keys()]
    .map((k) => word.slice(0, word.length - k))
    .some((part) => findTerms([part]).some((h) => h.term.concept === 'product'));

function unlinkedCategories(
  chosen: Map<InventoryOperation, Scored>,
  taken: Map<number, Scored>,
  readings: Reading[],
  all: Map<InventoryOperation, Scored[]>,
) {
  const categories = chosen.get('listCategories');
  if (!categories) return;
  const products = (['listProducts', 'getProduct', 'createProduct', 'updateProduct'] as const)
    .map((name) => chosen.get(name))
    .filter((c): c is Scored => c !== undefined);
  // A category field, or one named for the list's own records (item_group beside GET /item_groups). A route whose
  // bodies the document does not describe says nothing either way.
  // Found by the products' own references (markProductGroupings), they refer to it by construction.
  if (readings[categories.index]!.productGrouping !== undefined) return;
  const own = readings[categories.index]!.head.text.split(' ').filter(Boolean);
  const refers = products.some((p) => {
    const reading = readings[p.index]!;
    const bodies = [reading.request, reading.response].filter((b): b is FieldSet => b !== undefined && b.count > 0);
    return (
      !bodies.length ||
      bodies.some(
        (body) => groupMatches(body, F.categoryRef, true) || (own.length > 0 && own.every((w) => body.words.has(w))),
      )
    );
  });
  // A route that joins the two files the products under them by itself, whatever the records carry: a route under the
  // categories' list whose further path names products (/categories/{id}/products, /categories/productassignments),
  // or one under the products' collection whose further path names the categories (/products/{id}/categories).
  const catPath = readings[categories.index]!.path;
  const restWords = (r: Reading, prefix: string) =>
    r.path
      .slice(prefix.length)
      .split('/')
      .filter((seg) => seg && !seg.includes('{'))
      .flatMap(wordsOf);
  const productPaths = products.map((p) => collectionOf(readings[p.index]!.path));
  const joined =
    own.length > 0 &&
    readings.some(
      (r) =>
        (r.path.startsWith(`${catPath}/`) && restWords(r, catPath).some(namesProductsFirst)) ||
        productPaths.some(
          (prefix) => r.path.startsWith(`${prefix}/`) && own.every((w) => restWords(r, prefix).includes(w)),
        ),
    );
  if (joined) return;
  // With no route taken for them, only a document whose paths name products plainly says anything (a category list
  // alone, or beside catalogs, is the document's whole subject).
  const named = readings.some((r, i) => i !== categories.index && r.head.concept === 'product' && r.head.weight >= 1);
  if (refers || (!products.length && !named)) return;
  chosen.delete('listCategories');
  taken.delete(categories.index);
  const narrowing = products.length
    ? `the products' routes (${products.map((p) => routeOf(readings[p.index]!)).join(', ')}) refer to no category: these are not the categories venue's products are filed under`
    : "the document's products are none venue can take as its own, so these are not the categories they are filed under";
  // What sets the chosen list aside sets aside every list of categories the document has: none is offered as above
  // the threshold in the review.
  for (const candidate of all.get('listCategories') ?? []) {
    if (candidate.refused || (candidate !== categories && taken.has(candidate.index))) continue;
    setAside(candidate, narrowing);
  }
}

/**
 * Categories named for another collection of the document (GET /services/categories, "Get Service Categories" beside
 * GET /services) are that collection's, not the ones venue's products are filed under: the word right before the
 * categories in its last path segment, the operationId or the summary names a collection the document lists, whose
 * records are no products, and the products do not refer to them. Where any of them names products ("Get Product
 * Categories"), they are the products' wherever the path puts them (categoriesOfProducts).
 */
export function markOtherCollectionsCategories(readings: Reading[]): void {
  const lists = new Map<string, Reading>();
  for (const r of readings)
    if (r.operation.method === 'GET' && !r.params.length && r.head.concept !== 'product') {
      const last = wordsOf(r.path.split('/').filter(Boolean).pop() ?? '').join(' ');
      if (last && !lists.has(last)) lists.set(last, r);
    }
  for (const reading of readings) {
    if (reading.head.concept !== 'category' && reading.operationIdHead?.concept !== 'category') continue;
    // The products refer to it as what they are filed under (markProductGroupings): theirs, whatever its name says.
    if (reading.productGrouping !== undefined) continue;
    const owners = ownersOfCategories(reading);
    if (!owners.length || owners.some(namesProducts)) continue;
    const owner = owners.map((w) => lists.get(w)).find((r) => r !== undefined && r !== reading);
    if (owner)
      reading.otherCategories = `they are named for ${routeOf(owner)}, another collection of the document: its categories, not the products'`;
  }
  // Categories named for nothing (GET /categories) whose very records are listed again under another collection of
  // the document (GET /workorders/categories, the same fields) are that collection's: the document says whose they are
  // where it lists them a second time. A collection that names products (/products/categories) leaves them the
  // products'; records of other fields under another collection are other categories and say nothing of these.
  for (const reading of readings) {
    if (reading.operation.method !== 'GET' || reading.params.length || reading.otherCategories !== undefined) continue;
    if (reading.head.concept !== 'category' || reading.productGrouping !== undefined || categoriesOfProducts(reading))
      continue;
    const records = reading.response;
    if (!records || records.names.size < 2) continue;
    const twin = readings.find((r) => {
      if (r === reading || r.operation.method !== 'GET' || r.params.length || r.head.concept !== 'category')
        return false;
      // The segment before the categories is a collection of its own (GET /workorders lists records): a version or a
      // section before them (/v2/categories, /admin/categories) is no other collection, nor is the signed-in user
      // (/me/categories: the caller's own view of the same categories, GET /me one record).
      const segments = r.path.split('/').filter(Boolean);
      const owner = segments[segments.length - 2];
      if (owner === undefined || owner.includes('{') || r.self || wordsOf(owner).some(namesProducts)) return false;
      const ownerPath = `/${segments.slice(0, -1).join('/')}`;
      if (!readings.some((x) => x.path === ownerPath && x.operation.method === 'GET' && x.response?.list)) return false;
      const theirs = r.response;
      return (
        theirs !== undefined &&
        theirs.names.size === records.names.size &&
        [...records.names].every((n) => theirs.names.has(n))
      );
    });
    if (twin)
      reading.otherCategories = `the same records are listed at ${routeOf(twin)}, under another collection of the document: its categories, not the products'`;
  }
}

const namesProducts = (word: string) => findTerms([word]).some((h) => h.term.concept === 'product');

/**
 * The word right before the categories in a route's last path segment, operationId and summary: whose categories they
 * are (a segment before theirs is a section of the API, /site/categories, and says nothing of whose).
 */
function ownersOfCategories(reading: Reading): string[] {
  const literal = reading.path.split('/').filter((x) => x && !x.includes('{'));
  return [literal.slice(-1).join(' '), reading.operation.operationId ?? '', reading.operation.summary ?? '']
    .map(wordsOf)
    .map((said) => {
      const at = findTerms(said).find((h) => h.term.concept === 'category')?.at;
      return at ? said[at - 1] : undefined;
    })
    .filter((w): w is string => w !== undefined);
}

/** Its operationId or summary names the categories as the products' ("Get Product Categories"). */
const categoriesOfProducts = (reading: Reading) => ownersOfCategories(reading).some(namesProducts);

/**
 * A word of a path segment of its own before a collection (static of /crm/v1/static/products) narrows the collection
 * only where it names something: a kind or a party of the records. A segment that is only where collections are kept
 * is a section of the API at whatever depth it stands, as a leading one is (sectionSegments): as many collections of
 * different names stand under it as make a leading segment a section, no route is the segment itself or one record
 * of it (it is no collection of its own), no route's collection is named by its word (/expenses beside
 * /expense/categories), no collection of the same name stands under another segment beside it (/data/items beside
 * /options/items: there the segment tells them apart), the collection is kept there (records written to it or read
 * one by one under it; a section of views, /options/items of the push options for each data type, keeps none), and
 * its word names no subject the vocabulary knows. Such a
 * word is taken off the subject it stood before. The signed-in user's own view (/me/categories) is read by its
 * segment elsewhere and stays a narrowing.
 */
export function markNamespaceSegments(readings: Reading[]): void {
  const segmentsOf = (r: Reading) => r.path.split('/').filter(Boolean);
  const literal = (segment: string) => !segment.includes('{');
  const followers = new Map<string, Set<string>>();
  const ends = new Set<string>();
  const collectionWords = new Set<string>();
  // Collections kept at their path: records written to it (POST, PUT) or read one by one under it (GET …/{id}).
  const kept = new Set<string>();
  // The segments a collection of one name stands under, beside one another (data/items, options/items).
  const placedUnder = new Map<string, Set<string>>();
  const placeOf = (segments: string[], last: number) =>
    `${segments.slice(0, last - 1).join('/')}|${segments[last]}`.toLowerCase();
  for (const r of readings) {
    const segments = segmentsOf(r);
    segments.forEach((segment, i) => {
      if (i < 2 || !literal(segment) || !literal(segments[i - 1]!)) return;
      const place = placeOf(segments, i);
      if (!placedUnder.has(place)) placedUnder.set(place, new Set());
      placedUnder.get(place)!.add(segments[i - 1]!.toLowerCase());
    });
    segments.forEach((segment, i) => {
      if (i === 0 || !literal(segment)) return;
      const prefix = segments.slice(0, i).join('/').toLowerCase();
      if (!followers.has(prefix)) followers.set(prefix, new Set());
      followers.get(prefix)!.add(wordsOf(segment).join(' '));
    });
    let end = segments.length;
    while (end > 0 && !literal(segments[end - 1]!)) end--;
    ends.add(segments.slice(0, end).join('/').toLowerCase());
    if (end < segments.length ? r.operation.method === 'GET' : ['POST', 'PUT'].includes(r.operation.method))
      kept.add(segments.slice(0, end).join('/').toLowerCase());
    if (end > 0) collectionWords.add(wordsOf(segments[end - 1]!).join(' '));
  }
  for (const r of readings) {
    const qualifier = r.head.qualifier;
    if (!qualifier || !r.head.concept || selfSegments.has(qualifier) || findTerms([qualifier]).length) continue;
    const segments = segmentsOf(r);
    let last = segments.length - 1;
    while (last > 0 && !literal(segments[last]!)) last--;
    const before = segments[last - 1];
    if (last < 1 || before === undefined || !literal(before)) continue;
    if (wordsOf(before).join(' ') !== qualifier || wordsOf(segments[last]!).includes(qualifier)) continue;
    const prefix = segments.slice(0, last).join('/').toLowerCase();
    const siblings = followers.get(prefix)?.size ?? 0;
    if (siblings < SECTION_COLLECTIONS || ends.has(prefix) || collectionWords.has(qualifier)) continue;
    // Only views (options, reports of a data type, one templated route for each): nothing is kept there.
    if (
      !kept.has(
        segments
          .slice(0, last + 1)
          .join('/')
          .toLowerCase(),
      )
    )
      continue;
    // The same collection under another segment beside it: the segment tells the two apart, a narrowing after all.
    if ((placedUnder.get(placeOf(segments, last))?.size ?? 0) > 1) continue;
    const { qualifier: _namespace, ...head } = r.head;
    r.head = head;
    r.namespace = `"${before}" only groups collections (${siblings} under /${segments.slice(0, last).join('/')}, none of its own): it narrows nothing`;
  }
}

/**
 * A word of the path that names the account the caller acts as (serviceScopeWords: the company, site, store, shop,
 * account, organisation or merchant the key belongs to) says whose records a collection after it holds: the tenant's
 * own, which are every record the caller reaches. It narrows nothing (where the vocabulary knows the word as a subject
 * of its own, an account a customer holds, it is read as that), unless a collection of the same name stands
 * elsewhere without it (a storefront's /store/products beside /admin/products): there the word tells the two apart,
 * and stays a narrowing. A public twin (markPublicViews: anyone's view of the records) tells nothing apart. The signed-in user's own view (/me/categories) names a person, who may be a shopper of the
 * tenant's, not the tenant: it stays a narrowing.
 */
export function markTenantScopes(readings: Reading[]): void {
  const secured = securedSources(readings);
  for (const r of readings) {
    const qualifier = r.head.qualifier;
    // A word the vocabulary also knows as a subject of its own (an account a customer holds) is read as that.
    if (
      !qualifier ||
      !r.head.concept ||
      !serviceScopeWords.has(qualifier) ||
      findTerms([qualifier]).length ||
      !r.pathWords.includes(qualifier)
    )
      continue;
    // A twin is a list of its own: one record read by id elsewhere (/taxCategory/{id}) is of the same collection. A
    // public one (markPublicViews) is anyone's view of them, and tells the tenant's own from nothing.
    const twin = readings.find(
      (o) =>
        !(openRoute(o) && secured.has(o.operation.source)) &&
        o.operation.method === 'GET' &&
        o.params.length === 0 &&
        o.head.concept === r.head.concept &&
        o.head.text === r.head.text &&
        !o.pathWords.includes(qualifier),
    );
    if (twin) continue;
    const { qualifier: _tenant, ...head } = r.head;
    r.head = head;
    r.namespace = `"${qualifier}" names the account the caller acts as, whose records these are: it narrows nothing`;
  }
}

/**
 * Words naming the party that buys to sell on (a retailer, a reseller, a buyer): venue's role in trade, since a venue
 * buys its stock from suppliers and sells it to its guests.
 */
const buyerRoleWords = new Set(['retail', 'retailer', 'reseller', 'buyer', 'purchaser']);

/**
 * A document split by who calls it: one collection (products) stands under two or more path segments at the same
 * place, each a part of the API of its own (more than one collection under it), and each narrowing it by its word
 * (/retail/products beside /maker/products). Each part is one party's view of the same records, called with that
 * party's key, so its word says whose key calls it, not which of the records. Of the parties, the one that buys to
 * sell on is venue's (buyerRoleWords): its word narrows nothing. The other parties' words (a maker's, a supplier's)
 * stay narrowings: their routes need another party's key. A lone such word, with no second party's part beside it,
 * says nothing of roles, and is left as it is.
 */
export function markCallerRoles(readings: Reading[]): void {
  const segmentsOf = (r: Reading) => r.path.split('/').filter(Boolean);
  // The other parties' words, each with the buyer's part it stands beside.
  const sellers = new Map<string, string>();
  // The collections each literal segment holds, by the path before it: a part of the API holds more than one.
  const held = new Map<string, Set<string>>();
  for (const r of readings) {
    const segments = segmentsOf(r);
    segments.forEach((segment, i) => {
      const next = segments[i + 1];
      if (segment.includes('{') || next === undefined || next.includes('{')) return;
      const key = segments
        .slice(0, i + 1)
        .join('/')
        .toLowerCase();
      if (!held.has(key)) held.set(key, new Set());
      held.get(key)!.add(next.toLowerCase());
    });
  }
  const isPart = (segments: string[], at: number) =>
    (held.get(
      segments
        .slice(0, at + 1)
        .join('/')
        .toLowerCase(),
    )?.size ?? 0) >= 2;
  for (const r of readings) {
    const qualifier = r.head.qualifier;
    if (!qualifier || !r.head.concept || !buyerRoleWords.has(qualifier)) continue;
    const segments = segmentsOf(r);
    const at = segments.findIndex((s) => !s.includes('{') && wordsOf(s).join(' ') === qualifier);
    if (at < 0 || !isPart(segments, at)) continue;
    // The same route under another party's part: every other segment the same, a parameter matching any parameter
    // (/maker/products/{product_code} for /retail/products/{product_id}).
    const same = (a: string, b: string) => (a.includes('{') && b.includes('{')) || a.toLowerCase() === b.toLowerCase();
    const other = readings.find((o) => {
      const theirs = segmentsOf(o);
      const word = theirs[at];
      return (
        theirs.length === segments.length &&
        word !== undefined &&
        !word.includes('{') &&
        !buyerRoleWords.has(wordsOf(word).join(' ')) &&
        theirs.every((s, i) => i === at || same(s, segments[i]!)) &&
        word.toLowerCase() !== segments[at]!.toLowerCase() &&
        isPart(theirs, at)
      );
    });
    if (!other) continue;
    const { qualifier: _role, ...head } = r.head;
    r.head = head;
    r.namespace = `"${qualifier}" names the caller's role beside another party's (${routeOf(other)}): the buyer's part of the API, venue's, so it narrows nothing`;
    sellers.set(
      segmentsOf(other)[at]!.toLowerCase(),
      segments
        .slice(0, at + 1)
        .join('/')
        .toLowerCase(),
    );
  }
  // The other party, listed in the buyer's own part (/retail/makers beside /maker/products): those the buyer deals
  // with, who sell to it, are its suppliers.
  for (const [seller, part] of sellers) {
    const party = wordsOf(seller).join(' ');
    for (const r of readings) {
      const segments = segmentsOf(r);
      if (r.operation.method !== 'GET' || r.params.length || r.kind !== 'list' || segments.length < 2) continue;
      if (segments.slice(0, -1).join('/').toLowerCase() !== part) continue;
      if (lastSegmentWords(r.path).join(' ') !== party || (r.head.concept && r.head.concept !== 'other')) continue;
      r.head = { concept: 'supplier', weight: 1, text: party };
      r.concepts.add('supplier');
      r.sellingParty = `"${party}" is the party whose own part of the API sells to the buyer's (/${seller}/…), listed in the buyer's: those it buys from, its suppliers`;
    }
  }
}

/** A route that may be called with no credential: security [], none at all, or an empty requirement among others. */
const openRoute = (r: Reading) =>
  r.operation.security.length === 0 || r.operation.security.some((req) => Object.keys(req ?? {}).length === 0);

/** The documents that name a credential for some route: only there does a route without one say it is public. */
const securedSources = (readings: Reading[]) =>
  new Set(readings.filter((r) => !openRoute(r)).map((r) => r.operation.source));

/**
 * A route its document lets anyone call (security: [], or none where the document's other routes name a scheme) is a
 * view anyone may read: a storefront's catalogue, a marketplace's listings. Where another route reads the same records
 * with a credential (the same subject, no narrower, by the same method and parameters: the company's own categories,
 * the seller's own listings), that one is what the caller manages, and the public one is none of venue's. A document that names no
 * security anywhere says nothing of who may call what. The signed-in user's own view of such records (/my/listings
 * beside a public /listings) is the caller's own among everyone's: no narrowing there.
 */
export function markPublicViews(readings: Reading[]): void {
  const open = (r: Reading) => openRoute(r);
  const secured = securedSources(readings);
  for (const r of readings) {
    if (!open(r) || !secured.has(r.operation.source) || !r.head.concept || r.head.concept === 'other') continue;
    const twin = readings.find(
      (o) =>
        o !== r &&
        !open(o) &&
        o.path !== r.path &&
        o.operation.method === r.operation.method &&
        o.params.length === r.params.length &&
        o.trailingParam === r.trailingParam &&
        o.kind === r.kind &&
        o.head.concept === r.head.concept &&
        o.head.text === r.head.text &&
        // Records of a narrower kind (incoming webhooks beside webhooks) are other records.
        (o.head.qualifier === undefined || o.head.qualifier === r.head.qualifier),
    );
    // Where no route reads the same records with one, a public list its collection has no write for, beside records of
    // its kind the caller writes elsewhere with a credential (POST /listings beside a public /articles), is a view of
    // the vendor's own: what the caller manages is what it writes.
    if (!twin) {
      if (r.operation.method !== 'GET' || r.params.length || r.kind !== 'list') continue;
      const collection = collectionOf(r.path);
      const writes = (o: Reading) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(o.operation.method);
      if (readings.some((o) => writes(o) && collectionOf(o.path) === collection)) continue;
      const written = readings.find(
        (o) =>
          writes(o) &&
          !open(o) &&
          o.operation.method !== 'DELETE' &&
          o.head.concept === r.head.concept &&
          o.head.qualifier === undefined &&
          !o.self,
      );
      if (!written) continue;
      r.publicView = `it needs no credential where its document's other routes do, and nothing writes to it, while ${routeOf(written)} writes records of its kind with one: a view of the vendor's own, not the records the caller manages`;
      continue;
    }
    r.publicView = `it needs no credential where its document's other routes do, and ${routeOf(twin)} reads the same records with one: a view anyone may read, not the records the caller manages`;
    // The own view of these very records: the public path with the user's segment put in (/my/listings of /listings).
    if (twin.self && !r.self && twin.path.replace(new RegExp(`/${twin.self}(?=/)`), '') === r.path)
      twin.ownOfPublic ??= `${routeOf(r)} is the same records for anyone: /${twin.self}/ is the caller's own among them`;
  }
}

/** The segment of the routes anyone's client calls, and those of the part its owner manages the records in. */
const publicSegments = new Set(['public']);
const adminSegments = new Set(['admin', 'administration']);

/**
 * A route under a public segment (/platform/public/…/items/byCriteria) whose very path, the segment made an admin one
 * (/platform/admin/…/items/byCriteria), the document also has by the same method reads the same records twice: the
 * admin one is where the caller manages them, the public one is what the players' or shoppers' clients read of them
 * (the published store's, in their language). It is a public view whatever credential it asks for. A public route
 * with no admin twin stays as it is: it may be the only way the records are read.
 */
export function markPublicSegmentViews(readings: Reading[]): void {
  const routes = new Set(readings.map((r) => `${r.operation.method} ${r.path}`));
  for (const r of readings) {
    if (r.publicView) continue;
    const segments = r.path.split('/');
    const at = segments.findIndex((segment) => publicSegments.has(segment.toLowerCase()));
    if (at < 0) continue;
    const twin = [...adminSegments]
      .map((admin) => [...segments.slice(0, at), admin, ...segments.slice(at + 1)].join('/'))
      .find((path) => routes.has(`${r.operation.method} ${path}`));
    if (twin)
      r.publicView = `${r.operation.method} ${twin} reads the same records in the part of the API where they are managed: this public one is what everyone's clients read of them, not the records the caller manages`;
  }
}

/**
 * A document of many parts puts its collections in sections (leading segments that each group many collections of
 * different names, sectionSegments), and a unified API may hold records of one subject in two of them: the accounting
 * part's items beside the commerce part's products. Where one of the sections holding a subject of venue's is named
 * for the service itself or the caller's own part of it (namespaceWords: /ecommerce, /commerce, /pos, /admin), that
 * one holds venue's records, and a section of another name holding the same subject is another system's part: every
 * route under it (its items, and its tax rates and contacts beside them) answers for that system, none for what venue
 * keeps. Sections that share no subject, or of which none is named for the service, are left as they are: nothing
 * tells which is venue's.
 */
export function markOtherSections(readings: Reading[]): void {
  const bySource = new Map<string, Reading[]>();
  for (const r of readings) bySource.set(r.operation.source, [...(bySource.get(r.operation.source) ?? []), r]);
  for (const group of bySource.values()) {
    const paths = group.map((r) => keyedSegmentsRead(r.path));
    const skip = sharedPrefixLength(paths);
    const sections = sectionSegments(paths, skip);
    if (!sections.size) continue;
    // The leading segment a route stands under (a key before it skipped), with at least a collection after it.
    const leadOf = (path: string) => {
      const segments = path.split('/').filter(Boolean);
      const at = sectionDepth(segments, skip);
      const segment = segments[at];
      return segment === undefined || segment.includes('{') || segments.length < at + 2
        ? undefined
        : segment.toLowerCase();
    };
    const namedForService = (segment: string) => wordsOf(segment).every((w) => namespaceWords.has(w));
    const subjects = new Map<string, Set<Concept>>();
    group.forEach((r, i) => {
      const lead = leadOf(paths[i]!);
      if (lead === undefined || !r.head.concept || !resourceConcepts.has(r.head.concept)) return;
      if (!subjects.has(lead)) subjects.set(lead, new Set());
      subjects.get(lead)!.add(r.head.concept);
    });
    // The part named for the service may be small (a unified API's commerce part of a few collections); the other must
    // be a section of its own.
    const service = [...subjects.keys()].filter(namedForService);
    const other = new Map<string, string>();
    for (const [lead, concepts] of subjects) {
      if (!sections.has(lead) || namedForService(lead)) continue;
      const beside = service.find((s) => [...concepts].some((c) => subjects.get(s)!.has(c)));
      if (beside !== undefined) other.set(lead, beside);
    }
    group.forEach((r, i) => {
      const section = leadOf(paths[i]!);
      const beside = section === undefined ? undefined : other.get(section);
      if (beside !== undefined)
        r.otherSection = `it stands under /${section}, a part of the API beside /${beside}, which is named for the service and holds records of the same kind: /${section} answers for another system, not for what venue keeps`;
    });
  }
}

/**
 * A collection whose one record is addressed by the key of another collection's record together with more keys
 * (/A_SupplierCompany(Supplier='{Supplier}',CompanyCode='{CompanyCode}') beside /A_Supplier('{Supplier}'),
 * /prices/{productId}/{currency} beside /products/{productId}) holds that record's data per something else: a
 * supplier's data in one company, a product's in one plant. Its records are no records of their own: a write there
 * makes none, a list there lists none. The key is the evidence: a record of its own is addressed by its own key alone.
 */
export function markKeyedByAnother(readings: Reading[]): void {
  const recordRoutes = readings.filter((r) => r.trailingParam && r.params.length > 0);
  // The collections whose one record is addressed by one key alone, by that key's name. A key named for no record
  // (id, code) or shared by several collections says nothing of whose it is.
  const keyed = new Map<string, Set<string>>();
  for (const r of recordRoutes)
    if (r.params.length === 1 && !recordKeyNames.has(r.params[0]!.toLowerCase()))
      keyed.set(r.params[0]!, (keyed.get(r.params[0]!) ?? new Set()).add(collectionOf(r.path)));
  const ownKeys = new Map([...keyed].filter(([, of]) => of.size === 1).map(([key, of]) => [key, [...of][0]!]));
  const byCollection = new Map<string, string>();
  for (const r of recordRoutes) {
    if (r.params.length < 2) continue;
    const collection = collectionOf(r.path);
    // Only a collection the path names without a parameter (/A_SupplierCompany): a collection under a record
    // (/products/{id}/prices/{priceId}) is read as the record's already.
    if (collection.includes('{')) continue;
    const owner = r.params
      .map((p) => ({ p, of: ownKeys.get(p) }))
      .find((k) => k.of !== undefined && k.of !== collection);
    if (owner && !byCollection.has(collection))
      byCollection.set(
        collection,
        `its records are addressed by {${owner.p}}, the key of a record of ${owner.of}, and by more (${routeOf(r)}): that record's data per something else, no record of its own`,
      );
  }
  for (const r of readings) {
    const why = byCollection.get(collectionOf(r.path));
    if (why !== undefined && r.params.length === 0) r.keyedByAnother = why;
  }
}

/**
 * Routes in a sandbox or playground (/SandBox/Ping) beside routes that are not: where the API is tried out. A sandbox
 * half the routes or more sit in is the document's base, as a base path is: it marks none.
 */
function markTrials(readings: Reading[]): void {
  const trials = readings.map((r) =>
    r.path.split('/').find((s) => !s.startsWith('{') && /^(sand[-_]?box|play[-_]?ground)$/i.test(s)),
  );
  if (trials.filter(Boolean).length * 2 >= readings.length) return;
  readings.forEach((r, i) => {
    if (trials[i]) r.trial = trials[i];
  });
}

/** Scores every pair, then takes pairs best first, each document operation at most once. */
export function matchOperations(
  readings: Reading[],
  oauthPaths: Set<string>,
  threshold = CONFIDENCE_THRESHOLD,
): OperationMatch[] {
  markNamespaceSegments(readings);
  markTenantScopes(readings);
  markCallerRoles(readings);
  markPublicViews(readings);
  markPublicSegmentViews(readings);
  markOtherSections(readings);
  markNamedStockCreates(readings);
  markKeyedStockWrites(readings);
  markStockedProducts(readings);
  markCountedProducts(readings);
  markPricedCatalogue(readings);
  markProductGroupings(readings);
  markOnlyVersion(readings);
  markWrittenCollections(readings);
  markDeliveredSubscriptions(readings);
  markAccountSwitches(readings);
  markStockRecords(readings);
  markCountingAdjustments(readings);
  markStockSetWrites(readings);

  markStockPlaces(readings);
  markUnreferencedPlaces(readings);
  markNamedStockPlaces(readings);
  markOtherCollectionsCategories(readings);
  markKeyedByAnother(readings);
  markBodiesDescribed(readings);
  markTrials(readings);
  const all = new Map<InventoryOperation, Scored[]>();
  const passing: Scored[] = [];
  for (const name of inventoryOperationNames) {
    const list: Scored[] = [];
    readings.forEach((reading, index) => {
      const scored = score(name, reading, index, oauthPaths);
      if (scored.refused ? !scored.named : scored.subject <= 0 && scored.fields.length === 0) return;
      list.push(scored);
    });
    all.set(name, list);
  }
  preferPartialUpdates(all, readings, threshold);
  addFamilyEvidence(all, readings, threshold);
  bulkTwinsBesideOneRecord(all, readings, threshold);
  for (const list of all.values())
    for (const scored of list)
      if (!scored.refused && !scored.narrowing && scored.confidence >= threshold) passing.push(scored);
  const order = (name: InventoryOperation) => inventoryOperationNames.indexOf(name);
  passing.sort((a, b) => b.total - a.total || order(a.operation) - order(b.operation) || a.index - b.index);
  const taken = new Map<number, Scored>();
  const chosen = new Map<InventoryOperation, Scored>();
  for (const candidate of passing) {
    // A stock write keyed by the product whose body takes both a figure and a change is a count and an adjustment;
    // so is an adjustment whose lines take the figure now there (markCountingAdjustments).
    const both = new Set<InventoryOperation>(['stockTake', 'adjustStock']);
    const twice = (other: Scored | undefined) =>
      other !== undefined &&
      ([other.operation, candidate.operation].every((op) => keyedFor(op, readings[candidate.index]!)) ||
        (readings[candidate.index]!.setsCount !== undefined &&
          other.operation !== candidate.operation &&
          [other.operation, candidate.operation].every((op) => both.has(op))));
    if (chosen.has(candidate.operation) || (taken.has(candidate.index) && !twice(taken.get(candidate.index)))) continue;
    chosen.set(candidate.operation, candidate);
    taken.set(candidate.index, candidate);
  }
  oneCollectionPerFamily(all, chosen, taken, readings, threshold);
  stockOfOtherProducts(all, chosen, taken, readings, threshold);
  taxGroupsBeforeRates(all, chosen, taken, readings, threshold);
  unlinkedCategories(chosen, taken, readings, all);
  webhookRecordsWithoutCollection(chosen, taken, readings);

  return inventoryOperationNames.map((name) => {
    const pick = chosen.get(name);
    if (pick) {
      const alternatives = (all.get(name) ?? [])
        .filter((c) => !c.refused && c.index !== pick.index && c.subject > 0)
        .sort((a, b) => b.total - a.total)
        .slice(0, 3)
        .map((c): Candidate => ({
          route: routeOf(readings[c.index]!),
          source: readings[c.index]!.operation.source,
          confidence: c.confidence,
          shortfall: taken.has(c.index)
            ? `fits ${taken.get(c.index)!.operation} better`
            : `confidence ${c.confidence.toFixed(2)}${c.confidence < threshold ? ` below ${threshold.toFixed(2)}` : ''}`,
        }));
      return {
        operation: name,
        index: pick.index,
        confidence: pick.confidence,
        reasons: pick.reasons,
        fields: pick.fields,
        candidates: [],
        alternatives,
        ...(pick.replaces ? { replaces: pick.replaces } : {}),
      };
    }
    const listed = (all.get(name) ?? []).filter((c) => c.subject > 0 || c.confidence >= 0.3 || (c.refused && c.named));
    const jobOfItsOwn = (c: Scored) => Number(Boolean(c.refused?.includes('job of its own')));
    // A route called with the operation's own method was refused for what it is, the most a person learns from.
    const calledSo = (c: Scored) => Number(profiles[name].methods.includes(readings[c.index]!.operation.method));
    const ranked = [
      ...listed
        .filter((c) => !c.refused)
        .sort((a, b) => b.total - a.total || b.subject - a.subject)
        .slice(0, 3),
      ...listed
        .filter((c) => c.refused)
        .sort((a, b) => jobOfItsOwn(b) - jobOfItsOwn(a) || calledSo(b) - calledSo(a) || b.subject - a.subject)
        .slice(0, 3),
    ];
    const candidates = ranked.map((c): Candidate => {
      const reading = readings[c.index]!;
      let shortfall: string;
      if (c.refused) shortfall = c.refused;
      else if (taken.has(c.index))
        shortfall = `fits ${taken.get(c.index)!.operation} better (${taken.get(c.index)!.confidence.toFixed(2)})`;
      else
        shortfall = `confidence ${c.confidence.toFixed(2)} below ${threshold.toFixed(2)}: ${c.reasons.join('; ') || 'nothing names ' + profiles[name].subject}`;
      return {
        route: routeOf(reading),
        source: reading.operation.source,
        confidence: c.refused ? 0 : c.confidence,
        shortfall,
      };
    });
    const why = candidates.length
      ? `no route is evidence enough for ${profiles[name].subject}`
      : `no ${profiles[name].methods.join(' or ')} route ${profiles[name].params === 0 ? 'without path parameters' : 'ending in one path parameter'} names ${profiles[name].subject}`;
    return { operation: name, reasons: [], fields: [], candidates, why, alternatives: [] };
  });
}

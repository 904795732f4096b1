// The wallet emulator's state and its deterministic demo data. Timestamps of
// the demo history are relative to the moment the demo state is built, so a
// fresh sandbox always has "recent" activity and one deliberately stale card.

import { createHash } from 'node:crypto';

export type PlayUnit = 'dollars' | 'tokens';
export type ActivityKind = 'reload' | 'game-play' | 'ticket-win' | 'redemption';

export interface WalletLocation {
  locationId: string;
  name: string;
  playUnit: PlayUnit;
  /** Tokens a dollar of play value buys at a token location. */
  tokensPerDollar: number;
}

export interface WalletGuest {
  username: string;
  /** sha256(salt + password): the sandbox keeps no plain passwords on disk. */
  passwordHash: string;
  salt: string;
  firstName: string;
  lastName: string;
  createdAt: string;
}

export interface WalletCard {
  cardNumber: string;
  barcode: string;
  cvv: string;
  cardType: string;
  locationId: string;
  activated: boolean;
  owner?: string;
  nickname?: string;
  /** In the location's play unit. */
  playBalance: number;
  bonusBalance: number;
  ticketBalance: number;
  lastSyncedAt: string;
  /** Simulates a location whose on-premise system stopped synchronising. */
  syncPaused?: boolean;
}

export interface WalletActivity {
  activityId: string;
  cardNumber: string;
  kind: ActivityKind;
  occurredAt: string;
  description: string;
  playAmount: number;
  bonusAmount: number;
  tickets: number;
  paymentReference?: string;
  /** Recorded while the card's location was not synchronising: not yet visible. */
  pending?: boolean;
}

export interface WalletProduct {
  productId: string;
  name: string;
  price: number;
  playValue: number;
  bonusValue: number;
  displayOrder: number;
  onlineSale: boolean;
}

export interface WalletSale {
  saleId: string;
  cardNumber: string;
  productId: string;
  paymentReference: string;
  amount: number;
  createdAt: string;
  guest: string;
}

export interface ResetCode {
  codeHash: string;
  expiresAt: string;
  used: boolean;
}

export interface WalletState {
  locations: WalletLocation[];
  guests: WalletGuest[];
  cards: WalletCard[];
  activity: WalletActivity[];
  products: WalletProduct[];
  sales: WalletSale[];
  resetCodes: Record<string, ResetCode>;
  nextId: number;
}

export function hashSecret(salt: string, secret: string): string {
  return createHash('sha256').update(`${salt}:${secret}`).digest('hex');
}

export const DEMO_PASSWORD = 'Sandbox123';

function demoGuest(username: string, firstName: string, lastName: string, createdAt: string): WalletGuest {
  const salt = `demo-${username}`;
  return { username, salt, passwordHash: hashSecret(salt, DEMO_PASSWORD), firstName, lastName, createdAt };
}

/** Card number 19 digits, barcode 10 digits, CVV 3 digits, all derived from n. */
function cardIds(n: number): Pick<WalletCard, 'cardNumber' | 'barcode' | 'cvv'> {
  return {
    cardNumber: `600100000000000${String(n).padStart(4, '0')}`,
    barcode: `10000000${String(n).padStart(2, '0')}`,
    cvv: `${n}${n}${n}`.slice(0, 3).padStart(3, '0'),
  };
}

export function demoWalletState(nowMs = Date.now()): WalletState {
  const ago = (days: number, hours = 0) =>
    new Date(nowMs - days * 86_400_000 - hours * 3_600_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const card = (n: number, rest: Omit<WalletCard, 'cardNumber' | 'barcode' | 'cvv'>): WalletCard => ({
    ...cardIds(n),
    ...rest,
  });
  const state: WalletState = {
    locations: [
      { locationId: 'LOC-DOWNTOWN', name: 'Downtown', playUnit: 'dollars', tokensPerDollar: 1 },
      { locationId: 'LOC-RIVERSIDE', name: 'Riverside', playUnit: 'tokens', tokensPerDollar: 4 },
    ],
    guests: [
      demoGuest('ava@example.com', 'Ava', 'Stone', ago(200)),
      demoGuest('ben@example.com', 'Ben', 'Okafor', ago(400)),
      demoGuest('cara@example.com', 'Cara', 'Lind', ago(30)),
    ],
    cards: [
      card(1, {
        cardType: 'Standard',
        locationId: 'LOC-DOWNTOWN',
        activated: true,
        owner: 'ava@example.com',
        nickname: 'Ava main',
        playBalance: 22.5,
        bonusBalance: 5,
        ticketBalance: 340,
        lastSyncedAt: ago(0, 2),
      }),
      card(2, {
        cardType: 'Premium',
        locationId: 'LOC-RIVERSIDE',
        activated: true,
        owner: 'ava@example.com',
        nickname: 'Riverside tokens',
        playBalance: 120,
        bonusBalance: 20,
        ticketBalance: 55,
        lastSyncedAt: ago(1),
      }),
      card(3, {
        cardType: 'Standard',
        locationId: 'LOC-DOWNTOWN',
        activated: true,
        owner: 'ben@example.com',
        nickname: 'Old card',
        playBalance: 3,
        bonusBalance: 0,
        ticketBalance: 12,
        lastSyncedAt: ago(120),
      }),
      card(4, {
        cardType: 'Standard',
        locationId: 'LOC-DOWNTOWN',
        activated: true,
        playBalance: 10,
        bonusBalance: 0,
        ticketBalance: 0,
        lastSyncedAt: ago(3),
      }),
      card(5, {
        cardType: 'Standard',
        locationId: 'LOC-DOWNTOWN',
        activated: false,
        playBalance: 0,
        bonusBalance: 0,
        ticketBalance: 0,
        lastSyncedAt: ago(10),
      }),
      card(6, {
        cardType: 'Standard',
        locationId: 'LOC-RIVERSIDE',
        activated: false,
        playBalance: 0,
        bonusBalance: 0,
        ticketBalance: 0,
        lastSyncedAt: ago(10),
      }),
      card(7, {
        cardType: 'Premium',
        locationId: 'LOC-RIVERSIDE',
        activated: true,
        playBalance: 40,
        bonusBalance: 0,
        ticketBalance: 0,
        lastSyncedAt: ago(2),
      }),
      card(8, {
        cardType: 'Standard',
        locationId: 'LOC-DOWNTOWN',
        activated: true,
        playBalance: 5,
        bonusBalance: 0,
        ticketBalance: 0,
        lastSyncedAt: ago(2),
      }),
      // A replacement card the operator attached to Cara's account before its first in-store use.
      card(9, {
        cardType: 'Standard',
        locationId: 'LOC-DOWNTOWN',
        activated: false,
        owner: 'cara@example.com',
        nickname: 'Replacement',
        playBalance: 0,
        bonusBalance: 0,
        ticketBalance: 0,
        lastSyncedAt: ago(5),
      }),
    ],
    activity: [],
    products: [
      // Stored out of display order on purpose: the API must sort by displayOrder.
      {
        productId: 'RL-50',
        name: '$50 play + $15 bonus',
        price: 50,
        playValue: 50,
        bonusValue: 15,
        displayOrder: 3,
        onlineSale: true,
      },
      {
        productId: 'RL-10',
        name: '$10 play',
        price: 10,
        playValue: 10,
        bonusValue: 0,
        displayOrder: 1,
        onlineSale: true,
      },
      {
        productId: 'RL-25',
        name: '$25 play + $5 bonus',
        price: 25,
        playValue: 25,
        bonusValue: 5,
        displayOrder: 2,
        onlineSale: true,
      },
      {
        productId: 'RL-STORE-5',
        name: '$5 play (in store only)',
        price: 5,
        playValue: 5,
        bonusValue: 0,
        displayOrder: 4,
        onlineSale: false,
      },
    ],
    sales: [],
    resetCodes: {},
    nextId: 1,
  };
  const add = (
    cardNumber: string,
    kind: ActivityKind,
    occurredAt: string,
    description: string,
    playAmount = 0,
    bonusAmount = 0,
    tickets = 0,
  ) => {
    state.activity.push({
      activityId: `ACT-${String(state.nextId++).padStart(5, '0')}`,
      cardNumber,
      kind,
      occurredAt,
      description,
      playAmount,
      bonusAmount,
      tickets,
    });
  };
  const c1 = cardIds(1).cardNumber;
  const c2 = cardIds(2).cardNumber;
  const c3 = cardIds(3).cardNumber;
  add(c1, 'reload', ago(6), 'In-store reload', 25, 5);
  add(c1, 'game-play', ago(5), 'Game play: Skee-Ball', -1.5);
  add(c1, 'ticket-win', ago(5), 'Ticket win: Skee-Ball', 0, 0, 40);
  add(c1, 'game-play', ago(1, 3), 'Game play: Air Hockey', -1);
  add(c1, 'redemption', ago(0, 3), 'Prize counter: plush toy', 0, 0, -100);
  add(c2, 'reload', ago(3), 'In-store reload', 100, 20);
  add(c2, 'game-play', ago(1), 'Game play: Racing', -8);
  add(c3, 'game-play', ago(120), 'Game play: Pinball', -2);
  return state;
}

export function nextId(state: WalletState, prefix: string): string {
  return `${prefix}-${String(state.nextId++).padStart(5, '0')}`;
}

export function timestamp(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

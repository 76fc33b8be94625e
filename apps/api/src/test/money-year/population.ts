// The money year's customers (issue 30 item 10): a seeded population of payment behaviours, each
// a way a real customer pays, fails to pay, changes, cancels or pays twice. A behaviour says how
// the policy is bought (the account holder name typed on the sandbox mandate page picks the
// bank's answers: see providers/direct-debit/README.md) and what the customer or staff do later,
// on a day counted from the purchase or when the account first owes money.

/** What the customer or staff do later in the year. */
export type Action =
  | { kind: 'CANCEL' }
  | { kind: 'CHANGE_MILEAGE'; annualMileage: number }
  /** Staff, acting for the customer, make a change effective from the policy's inception. */
  | { kind: 'STAFF_BACKDATE'; annualMileage: number }
  /** Staff remove the quote's young driver, effective from inception. */
  | { kind: 'STAFF_REMOVE_YOUNG_DRIVER' }
  /** A day of the month, or the day eight days from now (a collection inside cooling-off). */
  | { kind: 'PAYMENT_DAY'; paymentDay: number | 'IN_EIGHT_DAYS' }
  | { kind: 'OPT_OUT' }
  /** Staff take the balance owed by card over the phone (MOTO). */
  | { kind: 'SETTLE_BY_PHONE' }
  /** Two card checkouts opened for the same balance, both paid. */
  | { kind: 'PAY_TWICE' }
  /** The customer's bank cancels the Direct Debit (the provider's signed webhook says so). */
  | { kind: 'BANK_CANCELS_MANDATE' };

type Step = {
  action: Action;
  /** Days after the purchase; with `whenOwing`, the first day from then that money is owed. */
  afterDays: number;
  whenOwing?: boolean;
};

export type Behaviour = {
  name: string;
  /** The account holder name on the mandate page (the sandbox bank's behaviour). */
  accountHolderName: string;
  /** The first month paid on the hosted card page; Direct Debit after. */
  firstByCard: boolean;
  /** The quote names a young additional driver (a much higher price). */
  withYoungDriver?: boolean;
  steps: Step[];
  /** How the policy ends the year: its status after the last day. */
  expectedStatus: 'ACTIVE' | 'RENEWED' | 'LAPSED' | 'NTU' | 'CANCELLED';
  /** Its share of the book (weights; at least one customer each). */
  weight: number;
};

const at = (afterDays: number, action: Action): Step => ({ afterDays, action });
const whenOwing = (afterDays: number, action: Action): Step => ({
  afterDays,
  action,
  whenOwing: true,
});

export const BEHAVIOURS: Behaviour[] = [
  {
    name: 'pays by Direct Debit',
    accountHolderName: 'Jo Payer',
    firstByCard: false,
    steps: [],
    expectedStatus: 'RENEWED',
    weight: 20,
  },
  {
    name: 'first month by card, then Direct Debit',
    accountHolderName: 'Jo Cardfirst',
    firstByCard: true,
    steps: [],
    expectedStatus: 'RENEWED',
    weight: 12,
  },
  {
    name: 'first Direct Debit fails',
    accountHolderName: 'Fail Payment',
    firstByCard: false,
    steps: [],
    expectedStatus: 'NTU',
    weight: 5,
  },
  {
    name: 'first Direct Debit never settles',
    accountHolderName: 'Never Settle',
    firstByCard: false,
    steps: [],
    expectedStatus: 'NTU',
    weight: 3,
  },
  {
    name: 'a later Direct Debit fails, then the retry is paid',
    accountHolderName: 'Fail Payment 3',
    firstByCard: false,
    steps: [],
    expectedStatus: 'RENEWED',
    weight: 6,
  },
  {
    name: 'later Direct Debits fail until the policy is cancelled',
    accountHolderName: 'Fail Payment From 3',
    firstByCard: false,
    steps: [],
    expectedStatus: 'CANCELLED',
    weight: 5,
  },
  {
    name: 'cools off, having paid only by card',
    accountHolderName: 'Jo Cooloff',
    firstByCard: true,
    steps: [at(5, { kind: 'CANCEL' })],
    expectedStatus: 'CANCELLED',
    weight: 5,
  },
  {
    name: 'cools off, having paid by Direct Debit',
    accountHolderName: 'Jo Cooloff',
    firstByCard: false,
    steps: [at(12, { kind: 'CANCEL' })],
    expectedStatus: 'CANCELLED',
    weight: 5,
  },
  {
    name: 'cancels later',
    accountHolderName: 'Jo Leaver',
    firstByCard: false,
    steps: [at(130, { kind: 'CANCEL' })],
    expectedStatus: 'CANCELLED',
    weight: 6,
  },
  {
    name: 'changes up and down mid-month',
    accountHolderName: 'Jo Changer',
    firstByCard: false,
    steps: [
      at(45, { kind: 'CHANGE_MILEAGE', annualMileage: 16_000 }),
      at(80, { kind: 'CHANGE_MILEAGE', annualMileage: 4_000 }),
    ],
    expectedStatus: 'RENEWED',
    weight: 6,
  },
  {
    name: 'backdated by staff to inception, after a card and a Direct Debit payment',
    accountHolderName: 'Jo Backdated',
    firstByCard: true,
    steps: [at(40, { kind: 'STAFF_BACKDATE', annualMileage: 3_000 })],
    expectedStatus: 'RENEWED',
    weight: 5,
  },
  {
    // Staff move the payment day so the second month is collected inside cooling-off; all that
    // was taken comes back, more than either payment: a refund to the card and to the collection.
    name: 'first month by card, the second by Direct Debit, then cools off',
    accountHolderName: 'Jo Splitrefund',
    firstByCard: true,
    steps: [
      at(1, { kind: 'PAYMENT_DAY', paymentDay: 'IN_EIGHT_DAYS' }),
      at(13, { kind: 'CANCEL' }),
    ],
    expectedStatus: 'CANCELLED',
    weight: 4,
  },
  {
    // The premium returned for the months paid comes back with the cancellation's credit.
    name: 'young driver removed by staff back to inception, then cancels',
    accountHolderName: 'Jo Refunded',
    firstByCard: true,
    withYoungDriver: true,
    steps: [at(40, { kind: 'STAFF_REMOVE_YOUNG_DRIVER' }), at(41, { kind: 'CANCEL' })],
    expectedStatus: 'CANCELLED',
    weight: 4,
  },
  {
    name: 'payment day changed',
    accountHolderName: 'Jo Payday',
    firstByCard: false,
    steps: [at(50, { kind: 'PAYMENT_DAY', paymentDay: 20 })],
    expectedStatus: 'RENEWED',
    weight: 5,
  },
  {
    name: 'opts out of renewal',
    accountHolderName: 'Jo Optout',
    firstByCard: false,
    steps: [at(60, { kind: 'OPT_OUT' })],
    expectedStatus: 'LAPSED',
    weight: 6,
  },
  {
    name: 'settles a failed Direct Debit by phone',
    accountHolderName: 'Fail Payment 2',
    firstByCard: false,
    steps: [whenOwing(20, { kind: 'SETTLE_BY_PHONE' })],
    expectedStatus: 'RENEWED',
    weight: 5,
  },
  {
    name: 'pays a balance twice at once',
    accountHolderName: 'Fail Payment 2',
    firstByCard: false,
    steps: [whenOwing(20, { kind: 'PAY_TWICE' })],
    expectedStatus: 'RENEWED',
    weight: 6,
  },
  {
    // Nothing fails at the provider: the next payment day suspends the account, and the policy
    // is cancelled for non-payment when the grace ends unpaid.
    name: 'the bank cancels the Direct Debit',
    accountHolderName: 'Jo Payer',
    firstByCard: false,
    steps: [at(40, { kind: 'BANK_CANCELS_MANDATE' })],
    expectedStatus: 'CANCELLED',
    weight: 2,
  },
];

/** A small, seeded generator (mulberry32): the same seed gives the same book. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export type Member = { index: number; behaviour: Behaviour; purchaseDay: number };

/**
 * `size` customers: every behaviour at least once, the rest drawn by weight; each buys on a day
 * of the first `purchaseDays` (so payment days spread over the month).
 */
export function drawPopulation(size: number, seed: number, purchaseDays: number): Member[] {
  const random = seededRandom(seed);
  const total = BEHAVIOURS.reduce((sum, behaviour) => sum + behaviour.weight, 0);
  const pick = (): Behaviour => {
    let point = random() * total;
    for (const behaviour of BEHAVIOURS) {
      point -= behaviour.weight;
      if (point < 0) return behaviour;
    }
    return BEHAVIOURS[0]!;
  };
  const behaviours = [
    ...BEHAVIOURS,
    ...Array.from({ length: Math.max(0, size - BEHAVIOURS.length) }, pick),
  ].slice(0, size);
  // Days from a generator of their own, drawn in order: the first customers (one per behaviour,
  // whose statements are pinned) buy on the same days whatever the book's size.
  const day = seededRandom(seed + 1);
  return behaviours.map((behaviour, index) => ({
    index,
    behaviour,
    purchaseDay: Math.floor(day() * purchaseDays),
  }));
}

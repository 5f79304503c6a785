// How the checkout's payment step lists the gateways (ADR 042): in groups a
// shopper recognises, the most used first, with one 'Debit/Credit Card' choice standing for the
// three Maya card gateways, and every gateway this checkout may not use shown disabled in its
// place with the reason.

export const PAYMAYA_VAULT = 'Paymaya Vault';
export const PAYMAYA_CHECKOUT = 'Paymaya Checkout';
export const PAYMAYA_ON_DEMAND = 'Paymaya On-demand';

/** The one card choice's name (the rulebook's display name of the Maya card gateways). */
export const CARD_CHOICE = 'Debit/Credit Card';

/**
 * The Maya card gateways behind the one card choice, in the order the choice prefers them: a
 * saved card (held until staff confirm; the only card a pre-order takes), a new card typed here
 * and charged once the order exists, or a card given later from the order's Pay Now.
 */
export const CARD_GATEWAYS = [PAYMAYA_VAULT, PAYMAYA_CHECKOUT, PAYMAYA_ON_DEMAND] as const;

/** Where the three are listed side by side (the default payment method), which card way each is. */
export const CARD_WAY_LABELS: Readonly<Record<string, string>> = {
  [PAYMAYA_VAULT]: 'saved card',
  [PAYMAYA_CHECKOUT]: 'new card at checkout',
  [PAYMAYA_ON_DEMAND]: 'pay later, from the order',
};

export function isCardGateway(id: string | null | undefined): boolean {
  return !!id && (CARD_GATEWAYS as readonly string[]).includes(id);
}

export type PaymentGroupId = 'wallets' | 'cards' | 'offline' | 'banking' | 'later';

/**
 * The groups in the order shown, and each group's gateways, most used first: e-wallets (GCash
 * is how most Filipinos pay online), cards, cash on delivery and bank deposit, online banking,
 * then pay later. A gateway missing here is listed last in 'offline' rather than lost.
 */
export const PAYMENT_GROUPS: readonly { id: PaymentGroupId; title: string; gateways: readonly string[] }[] = [
  { id: 'wallets', title: 'E-wallets', gateways: ['GCash', 'Paymaya App', 'GrabPay', 'Paypal Checkout', 'Alipay', 'WeChat Pay'] },
  { id: 'cards', title: 'Cards', gateways: [...CARD_GATEWAYS, 'iPay88'] },
  { id: 'offline', title: 'Pay on delivery or at the bank', gateways: ['Cash on Delivery', 'Bank Deposit'] },
  { id: 'banking', title: 'Online banking', gateways: ['BDO Online Banking', 'AUB Cashier', 'SwiftPay'] },
  { id: 'later', title: 'Pay later', gateways: ['BillEase', 'TendoPay', 'Atome', '4Gives'] },
];

/** One gateway as the chooser shows it. */
export type ChooserGateway = {
  id: string;
  name: string;
  /** The gateway's mark: an address on this shop (public/gateways/*.svg unless staff set another). */
  logo: string;
  /** Why this checkout may not use it; null when it may. */
  unavailable: string | null;
  /** The refusal's code (gateway-rules.ts GatewayRefusal), when unavailable. */
  reason?: string;
};

export type ChooserEntry =
  | { kind: 'gateway'; gateway: ChooserGateway }
  /** The one card choice: the card gateways the shop offers, in CARD_GATEWAYS order. */
  | { kind: 'card'; gateways: ChooserGateway[]; unavailable: string | null };

export type ChooserGroup = { id: PaymentGroupId; title: string; entries: ChooserEntry[] };

const rankOf = (id: string) => {
  for (const [g, group] of PAYMENT_GROUPS.entries()) {
    const i = group.gateways.indexOf(id);
    if (i >= 0) return { group: g, index: i };
  }
  return { group: PAYMENT_GROUPS.findIndex((g) => g.id === 'offline'), index: Number.MAX_SAFE_INTEGER };
};

/**
 * The chooser's groups: the offered gateways (`available`, then `unavailable` with their
 * reasons), each in its group and place; the card gateways folded into one card choice, which
 * is unavailable only when every card gateway is (with the first one's reason). Empty groups
 * are left out.
 */
export function paymentChooserGroups(available: readonly Omit<ChooserGateway, 'unavailable'>[], unavailable: readonly ChooserGateway[]): ChooserGroup[] {
  const all: ChooserGateway[] = [...available.map((g) => ({ ...g, unavailable: null })), ...unavailable];
  const sorted = all
    .map((g) => ({ g, rank: rankOf(g.id) }))
    .sort((a, b) => a.rank.group - b.rank.group || a.rank.index - b.rank.index);
  return PAYMENT_GROUPS.map((group, g) => {
    const entries: ChooserEntry[] = [];
    const inGroup = sorted.filter((s) => s.rank.group === g).map((s) => s.g);
    const cards = inGroup.filter((x) => isCardGateway(x.id));
    for (const gateway of inGroup) {
      if (!isCardGateway(gateway.id)) entries.push({ kind: 'gateway', gateway });
      else if (gateway === cards[0]) {
        entries.push({ kind: 'card', gateways: cards, unavailable: cards.every((c) => c.unavailable) ? cards[0]!.unavailable : null });
      }
    }
    return { id: group.id, title: group.title, entries };
  }).filter((group) => group.entries.length > 0);
}

/**
 * The card gateway a shopper who picks the card choice starts with: their saved card when a
 * saved card may pay, else a new card, else paying from the order later.
 */
export function defaultCardGateway(gateways: readonly ChooserGateway[], hasSavedCard: boolean): string | null {
  const usable = gateways.filter((g) => !g.unavailable).map((g) => g.id);
  if (hasSavedCard && usable.includes(PAYMAYA_VAULT)) return PAYMAYA_VAULT;
  return usable.find((id) => id !== PAYMAYA_VAULT) ?? (usable.includes(PAYMAYA_VAULT) ? PAYMAYA_VAULT : null);
}

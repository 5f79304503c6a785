import { data } from 'react-router';
import type { Route } from './+types/account-panel';
import { cardsAction } from '../components/cards/cards-actions.server';
import { ManageCards } from '../components/cards/ManageCards';
import { PaymentMethodsPanel } from '../components/cards/PaymentMethodsPanel';
import { PatronsPanel, PATRONS_PAGE_SIZE } from '../components/referrals/PatronsPanel';
import { PayoutsPanel } from '../components/referrals/PayoutsPanel';
import { payoutAction } from '../components/referrals/payouts-actions.server';
import { CARDS_SIZE, PAYMENT_METHODS_SIZE, PaymayaCardsQuery, PaymentMethodsQuery, toPaymentMethods, toSavedCards, tokenizerOf } from '../graphql/cards';
import { GetUserPayoutsQuery, RewardLogsQuery, toPayoutsPage, toRewardLogs } from '../graphql/referrals';
import { CommissionerTaxQuery, toCommissionerTax } from '../graphql/withholding';
import { notFound, query } from '../lib/api.server';

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.title ?? 'My Account'} | Suki` }];

/**
 * The account panels of docs/product/content.md#routes that share this route, with the menu's names
 * (orders, order details and the watchlist have routes of their own).
 */
const PANELS: Record<string, string> = {
  referrals: 'Patrons',
  payouts: 'Payouts',
  payment_methods: 'Payment Methods',
  cards: 'Manage Cards',
};

/** docs/product/limits.md#fetch-sizes: payouts 50 a page. */
const PAYOUTS_PAGE_SIZE = 50;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const title = PANELS[params.type];
  if (!title) notFound();
  const search = new URL(request.url).searchParams;
  const after = search.get('after');
  const before = search.get('before');
  if (params.type === 'referrals') {
    const page = before ? { last: PATRONS_PAGE_SIZE, before } : { first: PATRONS_PAGE_SIZE, after };
    const { me } = await query(context, RewardLogsQuery, page);
    if (!me) throw data(null, { status: 401 });
    return { title, panel: { kind: 'referrals' as const, logs: toRewardLogs(me.referralRewardsLogs) } };
  }
  if (params.type === 'payouts') {
    const [page, tax] = await Promise.all([query(context, GetUserPayoutsQuery, { first: PAYOUTS_PAGE_SIZE, after }), query(context, CommissionerTaxQuery)]);
    const { me } = toPayoutsPage(page);
    if (!me) throw data(null, { status: 401 });
    return { title, panel: { kind: 'payouts' as const, me, tax: toCommissionerTax(tax) } };
  }
  if (params.type === 'cards') {
    const cards = toSavedCards(await query(context, PaymayaCardsQuery, { first: CARDS_SIZE }));
    return { title, panel: { kind: 'cards' as const, cards } };
  }
  const [methods, cards] = await Promise.all([
    query(context, PaymentMethodsQuery, { first: PAYMENT_METHODS_SIZE }),
    query(context, PaymayaCardsQuery, { first: 1 }),
  ]);
  const list = toPaymentMethods(methods);
  return {
    title,
    panel: {
      kind: 'payment_methods' as const,
      methods: list,
      defaultId: methods.me?.defaultPaymentMethod?.id ?? null,
      hasCards: (cards.paymayaCards?.totalCount ?? 0) > 0,
      tokenizer: tokenizerOf(list),
    },
  };
}

/** The Payouts request form (intent payout), its tax details form (taxDetails), and the saved cards' and payment methods' forms. */
export async function action({ request, context, params }: Route.ActionArgs) {
  if (params.type !== 'payouts') return cardsAction(request, context);
  return payoutAction(request, context);
}

export default function AccountPanel({ loaderData }: Route.ComponentProps) {
  const { panel } = loaderData;
  if (panel.kind === 'referrals') return <PatronsPanel logs={panel.logs} />;
  if (panel.kind === 'payouts') return <PayoutsPanel me={panel.me} tax={panel.tax} />;
  if (panel.kind === 'cards') return <ManageCards cards={panel.cards} />;
  return <PaymentMethodsPanel {...panel} />;
}

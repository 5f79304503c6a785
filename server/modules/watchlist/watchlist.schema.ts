// The watchlist in the API (docs/product/catalogue.md#watchlist me.watchlist and 7.4): the Watchlist entry,
// me.watchlist(first), Product.isInWatchlist, addToWatchlist and removeFromWatchlist.
import { builder } from '../../graphql/builder';
import { parseNodeKey } from '../../graphql/node-key';
import { offsetConnection } from '../../graphql/pagination';
import { ErrorRef, runMutation, type WithErrors } from '../../graphql/types/errors';
import { UserRef } from '../accounts/accounts.schema';
import { loadByIds } from '../catalogue/catalogue.loaders';
import { ProductRef } from '../catalogue/catalogue.schema';
import { parseId } from '../catalogue/ids';
import {
  addToWatchlist,
  countWatchlist,
  getOwnEntries,
  listWatchlist,
  removeFromWatchlist,
  watchedProductLoader,
  type WatchlistRow,
} from './watchlist.service';

/** One watched product. node(id) answers only its owner; anyone else gets "not found". */
export const WatchlistRef = builder.loadableNodeRef<WatchlistRow, number>('Watchlist', {
  id: { resolve: (w) => w.id, parse: parseNodeKey },
  load: (ids, ctx) => loadByIds(ids, (list) => getOwnEntries(ctx, list), 'Watchlist'),
});

WatchlistRef.implement({
  description: 'A product on the signed-in customer\'s watchlist.',
  fields: (t) => ({
    product: t.field({ type: ProductRef, resolve: (w) => w.productId }),
    created: t.expose('createdAt', { type: 'DateTime' }),
    date: t.expose('createdAt', { type: 'DateTime', description: 'When the product was added: the same as created (the name the watchlist screen asks for).' }),
  }),
});

const WatchlistConnection = builder.connectionObject({ type: WatchlistRef, name: 'WatchlistCountableConnection' });

builder.objectField(UserRef, 'watchlist', (t) =>
  t.connection(
    {
      type: WatchlistRef,
      description: 'The products the user watches, newest first (the screen asks for 99).',
      resolve: (user, args, ctx) =>
        // Only the owner lists their watchlist (the User type is visible to staff as well).
        ctx.user?.id === user.id
          ? offsetConnection(args, (page) => listWatchlist(ctx, page), () => countWatchlist(ctx))
          : offsetConnection(args, async () => [], async () => 0),
    },
    WatchlistConnection,
  ),
);

builder.objectField(ProductRef, 'isInWatchlist', (t) =>
  t.boolean({
    description: 'Whether the signed-in customer watches the product (false for a visitor).',
    // Its answer depends on who asks: never from the visitors' cached answers.
    extensions: { viewerDependent: true },
    resolve: (p, _args, ctx) => watchedProductLoader(ctx).load(p.id),
  }),
);

function watchlistPayload(name: string, description: string) {
  return builder.objectRef<WithErrors<{ watchlist: WatchlistRow }>>(name).implement({
    fields: (t) => ({
      watchlist: t.field({
        type: WatchlistRef,
        nullable: true,
        description,
        resolve: (p) => p.watchlist ?? null,
      }),
      errors: t.field({ type: [ErrorRef], resolve: (p) => p.errors }),
    }),
  });
}

builder.mutationField('addToWatchlist', (t) =>
  t.field({
    type: watchlistPayload('AddToWatchlist', 'The entry (new, or the one already there).'),
    description: 'Puts a product on the signed-in customer\'s watchlist (once: adding it again answers the same entry).',
    args: { productId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) =>
      runMutation(async () => ({ watchlist: await addToWatchlist(ctx, parseId(args.productId, 'Product')) })),
  }),
);

builder.mutationField('removeFromWatchlist', (t) =>
  t.field({
    type: watchlistPayload('RemoveFromWatchlist', 'The entry as it was before it was removed.'),
    description: 'Takes an entry off the signed-in customer\'s watchlist: by its id, or by its product (the product page).',
    args: {
      watchlistId: t.arg.id({ description: 'The Watchlist entry.' }),
      productId: t.arg.id({ description: 'Instead of watchlistId: the product whose entry to remove.' }),
    },
    resolve: (_root, args, ctx) =>
      runMutation(async () => ({
        watchlist: await removeFromWatchlist(
          ctx,
          args.watchlistId != null
            ? { watchlistId: parseId(args.watchlistId, 'Watchlist') }
            : { productId: args.productId != null ? parseId(args.productId, 'Product') : null },
        ),
      })),
  }),
);

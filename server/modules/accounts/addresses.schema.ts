// The address book: create, update, delete and choose the default shipping or billing address.
import { builder } from '../../graphql/builder';
import { requireRowId } from '../../graphql/node-key';
import { ErrorRef, runMutation, type WithErrors } from '../../graphql/types/errors';
import { AddressInputRef, AddressRef, AddressTypeEnum, UserRef, accountPayload, toAddressView, type UserRow } from './accounts.schema';
import { ADDRESS_NOT_FOUND, createAddress, deleteAddress, setDefaultAddress, updateAddress, type AddressRow } from './addresses.service';

type AddressPayloadShape = WithErrors<{ user: UserRow; address: AddressRow }>;
function addressPayload(name: string) {
  return builder.objectRef<AddressPayloadShape>(name).implement({
    fields: (t) => ({
      user: t.field({ type: UserRef, nullable: true, resolve: (p) => p.user ?? null }),
      address: t.field({
        type: AddressRef,
        nullable: true,
        resolve: (p) => (p.address ? toAddressView(p.address, p.user) : null),
      }),
      errors: t.field({ type: [ErrorRef], resolve: (p) => p.errors }),
      accountErrors: t.field({ type: [ErrorRef], resolve: (p) => p.errors }),
    }),
  });
}

/** An Address global ID (or a bare number) to the row id; anything else reads as not found. */
function addressId(id: string | number): number {
  return requireRowId(id, 'Address', { message: ADDRESS_NOT_FOUND, bareNumbers: true });
}

builder.mutationFields((t) => ({
  accountAddressCreate: t.field({
    type: addressPayload('AccountAddressCreate'),
    description: 'Saves an address; with a type (SHIPPING or BILLING) it becomes that default.',
    args: { input: t.arg({ type: AddressInputRef, required: true }), type: t.arg({ type: AddressTypeEnum }) },
    resolve: (_root, args, context) => runMutation(() => createAddress(context, args.input, args.type)),
  }),
  accountAddressUpdate: t.field({
    type: addressPayload('AccountAddressUpdate'),
    description: "Updates one of the user's addresses; with a type it also becomes that default.",
    args: {
      id: t.arg.id({ required: true }),
      input: t.arg({ type: AddressInputRef, required: true }),
      type: t.arg({ type: AddressTypeEnum }),
    },
    resolve: (_root, args, context) =>
      runMutation(async () => updateAddress(context, addressId(args.id), args.input, args.type)),
  }),
  accountAddressDelete: t.field({
    type: accountPayload<object>('AccountAddressDelete'),
    description: "Deletes one of the user's addresses.",
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, context) => runMutation(async () => ({ user: await deleteAddress(context, addressId(args.id)) })),
  }),
  accountSetDefaultAddress: t.field({
    type: accountPayload<object>('AccountSetDefaultAddress'),
    description: "Makes one of the user's addresses the default shipping or billing address.",
    args: { id: t.arg.id({ required: true }), type: t.arg({ type: AddressTypeEnum, required: true }) },
    resolve: (_root, args, context) =>
      runMutation(async () => ({ user: await setDefaultAddress(context, addressId(args.id), args.type) })),
  }),
}));

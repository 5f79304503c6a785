// The signed-in customer's own changes: password, profile, email, bank details and picture.
import { builder } from '../../graphql/builder';
import { runMutation } from '../../graphql/types/errors';
import { SexEnum, accountPayload, actAs } from './accounts.schema';
import { getUser } from './accounts.service';
import { changePassword } from './password.service';
import { registerBankDetails, updateAccount, updateEmail, uploadProfilePicture } from './profile.service';

const AccountInput = builder.inputType('AccountInput', {
  fields: (t) => ({
    firstName: t.string(),
    middleName: t.string(),
    lastName: t.string(),
    birthday: t.string({ description: 'YYYY-MM-DD.' }),
    bday: t.string({ description: 'Alias of birthday.' }),
    sex: t.field({ type: SexEnum, description: 'M or F (default M).' }),
  }),
});

builder.mutationFields((t) => ({
  passwordChange: t.field({
    type: accountPayload<object>('PasswordChange', true),
    description: 'Changes the password (old one required); other sessions end, and a fresh token is returned for this one.',
    args: { newPassword: t.arg.string({ required: true }), oldPassword: t.arg.string({ required: true }) },
    resolve: (_root, args, context) =>
      runMutation(async () => {
        const result = await changePassword(context, args);
        actAs(context, result.user);
        return result;
      }),
  }),
  accountUpdate: t.field({
    type: accountPayload<object>('AccountUpdate'),
    description: 'Updates first, middle and last name, birthday and sex.',
    args: { input: t.arg({ type: AccountInput, required: true }) },
    resolve: (_root, args, context) =>
      runMutation(async () => ({
        user: await updateAccount(context, { ...args.input, birthday: args.input.birthday ?? args.input.bday }),
      })),
  }),
  accountEmailUpdate: t.field({
    type: accountPayload<object>('AccountEmailUpdate', true),
    description:
      'Changes the email; the new address must be verified again (a code and link are emailed). The password is required unless the account has none (Facebook sign-up).',
    args: { email: t.arg.string({ required: true }), password: t.arg.string() },
    resolve: (_root, args, context) =>
      runMutation(async () => {
        const result = await updateEmail(context, args);
        actAs(context, result.user);
        return result;
      }),
  }),
  bankDetailsRegister: t.field({
    type: accountPayload<object>('BankDetailsRegister'),
    description: 'Saves the bank account for payouts (bankName is one of the bank codes).',
    args: {
      bankName: t.arg.string({ required: true }),
      accountNumber: t.arg.string({ required: true }),
      accountName: t.arg.string({ required: true }),
    },
    resolve: (_root, args, context) =>
      runMutation(async () => {
        await registerBankDetails(context, args);
        return { user: (await getUser(context.db, context.user!.id))! };
      }),
  }),
  userProfilePictureUpload: t.field({
    type: accountPayload<object>('UserProfilePictureUpload'),
    description: 'Stores a base64 image (max 5,000,000 bytes) as a square PNG profile picture.',
    args: { base64Str: t.arg.string({ required: true }) },
    resolve: (_root, args, context) => runMutation(async () => ({ user: await uploadProfilePicture(context, args) })),
  }),
}));

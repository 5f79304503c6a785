// Privacy rights in the API (docs/decisions/054-privacy-rights.md): the signed-in customer's
// data export and account deletion, consents to the cookie notice, and the staff list of requests.
import { CONSENT_PURPOSES } from '../../../common/compliance/consent';
import { PRIVACY_REQUEST_KINDS, PRIVACY_REQUEST_STATUSES } from '../../../common/compliance/privacy';
import { builder } from '../../graphql/builder';
import { ErrorRef, runMutation, type WithErrors } from '../../graphql/types/errors';
import { recordConsent, type ConsentRow } from './consent.service';
import { deleteOwnAccount } from './privacy-erasure.service';
import { exportPersonalData } from './privacy-export.service';
import { listPrivacyRequests, type PrivacyRequestView } from './privacy-staff.service';

const ConsentPurposeEnum = builder.enumType('ConsentPurpose', { values: CONSENT_PURPOSES, description: 'COOKIES: the cookie notice.' });
const PrivacyRequestKindEnum = builder.enumType('PrivacyRequestKind', { values: PRIVACY_REQUEST_KINDS });
const PrivacyRequestStatusEnum = builder.enumType('PrivacyRequestStatus', { values: PRIVACY_REQUEST_STATUSES });

const ConsentRef = builder.objectRef<ConsentRow>('Consent').implement({
  description: 'A consent as given: to which text (version), when, granted or withdrawn.',
  fields: (t) => ({
    purpose: t.field({ type: ConsentPurposeEnum, resolve: (c) => c.purpose as (typeof CONSENT_PURPOSES)[number] }),
    version: t.exposeString('version'),
    granted: t.exposeBoolean('granted'),
    recordedAt: t.field({ type: 'DateTime', resolve: (c) => c.recordedAt }),
  }),
});

const PrivacyRequestRef = builder.objectRef<PrivacyRequestView>('PrivacyRequest').implement({
  description: "A customer's request under the Data Privacy Act: a copy of their data, or the erasure of their account.",
  fields: (t) => ({
    id: t.exposeInt('id'),
    userId: t.exposeInt('userId'),
    email: t.exposeString('email', { nullable: true, description: "The account's email now (the blanked one after an erasure)." }),
    kind: t.field({ type: PrivacyRequestKindEnum, resolve: (r) => r.kind }),
    status: t.field({ type: PrivacyRequestStatusEnum, resolve: (r) => r.status }),
    note: t.exposeString('note'),
    requestedAt: t.field({ type: 'DateTime', resolve: (r) => r.requestedAt }),
    completedAt: t.field({ type: 'DateTime', nullable: true, resolve: (r) => r.completedAt }),
  }),
});

builder.queryField('privacyRequests', (t) =>
  t.field({
    type: [PrivacyRequestRef],
    description: 'Staff (MANAGE_ORDERS): the newest 200 data export and account erasure requests.',
    authScopes: { permission: 'MANAGE_ORDERS' },
    resolve: (_root, _args, ctx) => listPrivacyRequests(ctx),
  }),
);

builder.mutationField('personalDataExport', (t) =>
  t.field({
    type: builder.objectRef<WithErrors<{ json: string; fileName: string }>>('PersonalDataExport').implement({
      fields: (f) => ({
        json: f.string({ nullable: true, description: 'Everything the shop holds about the signed-in customer, as a JSON document.', resolve: (p) => p.json ?? null }),
        fileName: f.string({ nullable: true, resolve: (p) => p.fileName ?? null }),
        errors: f.field({ type: [ErrorRef], resolve: (p) => p.errors }),
      }),
    }),
    description: 'The signed-in customer downloads the personal data the shop holds about them (recorded as a request).',
    authScopes: { loggedIn: true },
    resolve: (_root, _args, ctx) =>
      runMutation(async () => {
        const data = await exportPersonalData(ctx);
        return { json: JSON.stringify(data, null, 2), fileName: data.fileName };
      }),
  }),
);

builder.mutationField('accountDelete', (t) =>
  t.field({
    type: builder.objectRef<WithErrors<{ deleted: boolean }>>('AccountDelete').implement({
      fields: (f) => ({
        deleted: f.boolean({ resolve: (p) => p.deleted ?? false }),
        errors: f.field({ type: [ErrorRef], resolve: (p) => p.errors }),
      }),
    }),
    description:
      "Deletes the signed-in customer's account after their password: personal data erased, every session ended; orders, payments and payouts kept as issued. Refused while an order or a payout is open.",
    authScopes: { loggedIn: true },
    args: { password: t.arg.string({ required: true }) },
    resolve: (_root, { password }, ctx) =>
      runMutation(async () => {
        await deleteOwnAccount(ctx, { password });
        return { deleted: true };
      }),
  }),
);

builder.mutationField('consentRecord', (t) =>
  t.field({
    type: builder.objectRef<WithErrors<{ consent: ConsentRow }>>('ConsentRecord').implement({
      fields: (f) => ({
        consent: f.field({ type: ConsentRef, nullable: true, resolve: (p) => p.consent ?? null }),
        errors: f.field({ type: [ErrorRef], resolve: (p) => p.errors }),
      }),
    }),
    description: "Records a consent (the cookie notice's version) for the signed-in user, or a visitor's random id, or both.",
    args: {
      purpose: t.arg({ type: ConsentPurposeEnum, required: true }),
      version: t.arg.string({ required: true }),
      granted: t.arg.boolean({ required: false }),
      visitorId: t.arg.string({ required: false, description: 'A UUID the browser keeps for itself.' }),
    },
    resolve: (_root, args, ctx) =>
      runMutation(async () => ({ consent: await recordConsent(ctx, { purpose: args.purpose, version: args.version, granted: args.granted ?? true, visitorId: args.visitorId ?? null }) })),
  }),
);

// Privacy rights (docs/decisions/054-privacy-rights.md): the profile page's data export and
// account deletion, the cookie notice's consent record, and the back office's list of requests.
import { operation } from '../../common/graphql-operation';
import type * as G from './generated';

export type StaffPrivacyRequest = NonNullable<G.StaffPrivacyRequestsQuery['privacyRequests']>[number];

export const PersonalDataExportMutation = operation<G.PersonalDataExportMutation, G.PersonalDataExportMutationVariables>(/* GraphQL */ `
  mutation PersonalDataExport {
    personalDataExport { json fileName errors { field message } }
  }
`);

export const AccountDeleteMutation = operation<G.AccountDeleteMutation, G.AccountDeleteMutationVariables>(/* GraphQL */ `
  mutation AccountDelete($password: String!) {
    accountDelete(password: $password) { deleted errors { field message } }
  }
`);

export const ConsentRecordMutation = operation<G.ConsentRecordMutation, G.ConsentRecordMutationVariables>(/* GraphQL */ `
  mutation ConsentRecord($purpose: ConsentPurpose!, $version: String!, $visitorId: String) {
    consentRecord(purpose: $purpose, version: $version, visitorId: $visitorId) { consent { version recordedAt } errors { field message } }
  }
`);

export const StaffPrivacyRequestsQuery = operation<G.StaffPrivacyRequestsQuery, G.StaffPrivacyRequestsQueryVariables>(/* GraphQL */ `
  query StaffPrivacyRequests {
    privacyRequests { id userId email kind status note requestedAt completedAt }
  }
`);

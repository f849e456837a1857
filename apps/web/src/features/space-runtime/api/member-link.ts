import { signedLinkQuery } from './signed-link';

/**
 * The link to a published space app's page for a visitor who passes its membership gate (POST
 * /api/apps/{appId}/member-link): the app origin sees no session, so an app with paid memberships opens only with
 * it. A refusal (402) is an answer, not a failure to retry.
 */
export function memberLinkQuery(appId: string) {
  return signedLinkQuery(appId, 'member-link', false);
}

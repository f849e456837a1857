// The fake OpenID provider's HTML: the consent page a browser test clicks through, and the error page shown
// when the request cannot be sent back to the client (unknown client, bad redirect_uri), as Google does.
import { escapeHtml, page } from './html-page';

/**
 * "Continue as <email>" approves (302 with a code); "Cancel" denies (302 with `error=access_denied`). The form
 * uses GET so the redirect to the client is a plain top-level navigation, whatever the SameSite of its cookies.
 */
export function consentPage(input: {
  requestId: string;
  clientId: string;
  email: string;
  name?: string;
}): string {
  const who = input.name ? `${escapeHtml(input.name)} (${escapeHtml(input.email)})` : escapeHtml(input.email);
  return page(
    'Sign in - Fake Google',
    `<h1>Sign in with Fake Google</h1>
<p>to continue to <strong>${escapeHtml(input.clientId)}</strong> as ${who}</p>
<form method="get" action="/authorize/decision">
<input type="hidden" name="request" value="${escapeHtml(input.requestId)}">
<button type="submit" name="decision" value="approve">Continue as ${escapeHtml(input.email)}</button>
<button type="submit" name="decision" value="deny">Cancel</button>
</form>`,
  );
}

export function errorPage(error: string, description: string): string {
  return page(
    `Error: ${error}`,
    `<h1>Access blocked: ${escapeHtml(error)}</h1>
<p id="error">${escapeHtml(error)}</p>
<p id="error-description">${escapeHtml(description)}</p>`,
  );
}

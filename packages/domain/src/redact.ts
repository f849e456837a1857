/**
 * Credentials out of text that leaves the builder's screen (issue 32, item 1): a stack trace of the preview names its
 * document and bundle with the preview token in the query (`/apps/{id}/preview?token=eyJ…`), and that text must
 * never be kept in the chat's history or sent to the model.
 */

/** What stands where a credential was. */
export const REDACTED = '[redacted]';

/** A JSON Web Token: three base64url parts, the first two of them JSON objects (`eyJ` is `{"` in base64url). */
const JWT = /\beyJ[A-Za-z0-9_-]{4,}\.eyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]+/g;

/**
 * A query or fragment parameter whose name says it holds a credential, up to the next separator (a stack frame's
 * `:line:column` after it stays).
 */
const SECRET_PARAM =
  /([?&#;](?:token|access|access_token|id_token|refresh_token|auth|key|api_key|apikey|secret|sig|signature|code|password)=)[^&#\s"'`()<>:[\]]+/gi;

/** `text` with every token-shaped string and every credential-named URL parameter replaced by `[redacted]`. */
export function redactCredentials(text: string): string {
  return text.replace(JWT, REDACTED).replace(SECRET_PARAM, (_, name: string) => `${name}${REDACTED}`);
}

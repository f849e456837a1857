/** The longest name an app is given from its first request; the builder renames it in App details. */
export const APP_NAME_FROM_REQUEST_MAX = 40;

const ASKING =
  /^(?:(?:hi|hello|hey)[,!.]?\s+)?(?:please\s+)?(?:(?:can|could|would|will) you\s+)?(?:please\s+)?(?:(?:i\s+(?:want|need|would like)|i'd like|let's|lets)\s+(?:to\s+)?(?:(?:build|make|create|have|get)\s+)?|(?:build|make|create|write|design|generate|develop|code|give)\s+(?:me\s+|us\s+)?)/i;
const ARTICLE = /^(?:a|an|the|my|our|some)(?:\s+|$)/i;
const GREETING = /^(?:hi|hello|hey|hiya|good (?:morning|afternoon|evening)|thanks|thank you)(?: there)?$/i;
/** words a name does not end on: "Habit tracker with" is cut back to "Habit tracker" */
const DANGLING = /\s+(?:a|an|the|and|or|with|for|of|to|in|on|that|which|where|who|by|from|at|as|&|-)$/i;

/**
 * The name a new app gets from the first thing its builder asks for (issue 32, item 8): the request's first
 * sentence without the asking ("Build me a…", "I want an…") and its article, cut at a word to
 * {@link APP_NAME_FROM_REQUEST_MAX} characters, first letter capital. '' when nothing is left to name it by.
 */
export function appNameFromRequest(request: string): string {
  const firstLine = request.trim().split(/\r?\n/)[0] ?? '';
  // the first sentence that is not a greeting
  const sentences = firstLine
    .split(/[.!?](?:\s|$)|[:;(]|\s[—–-]\s/)
    .map((t) => t.replace(/\s+/g, ' ').trim());
  let name = sentences.find((t) => t && !GREETING.test(t.replace(/[,!]+$/, ''))) ?? '';
  name = name.replace(ASKING, '').replace(ARTICLE, '').trim();
  if (name.length > APP_NAME_FROM_REQUEST_MAX) {
    const cut = name.slice(0, APP_NAME_FROM_REQUEST_MAX + 1);
    const space = cut.lastIndexOf(' ');
    name = space > 0 ? cut.slice(0, space) : cut.slice(0, APP_NAME_FROM_REQUEST_MAX);
  }
  for (let before = ''; before !== name;) {
    before = name;
    name = name.replace(/[,\s]+$/, '').replace(DANGLING, '');
  }
  if (!/[\p{L}\p{N}]/u.test(name)) return '';
  return name.charAt(0).toLocaleUpperCase() + name.slice(1);
}

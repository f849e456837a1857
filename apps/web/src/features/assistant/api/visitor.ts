/**
 * The widget's visitor id (decision 0010 "The widget's visitor"): inside another site the frame is a third-party
 * context whose cookies browsers do not send, so the frame keeps the id the server gives it (the answer header
 * `X-BuildAI-Visitor`) and sends it back with every call. Kept in the frame's own storage where the browser allows
 * it; where it does not (third-party storage blocked), the page around the frame keeps it: the frame reports a new id
 * (`buildai:visitor`) and is handed it back in its address (`#visitor=`).
 */
export const VISITOR_HEADER = 'X-BuildAI-Visitor';
export const VISITOR_MESSAGE = 'buildai:visitor';
const STORAGE_KEY = 'buildai-visitor';
const VISITOR_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/** The id of this page's life, when storage is refused. */
let current: string | null = null;

/**
 * The id the page around the frame handed over. Only a framed page reads it: a link that opens the frame's address
 * by itself cannot plant an id on a visitor (whose conversation the link's author could then read).
 */
function fromAddress(): string | null {
  if (window.parent === window) return null;
  const m = /[#&]visitor=([A-Za-z0-9_-]{22})(?:&|$)/.exec(window.location.hash);
  return m ? m[1]! : null;
}

/** Forgets the id kept in memory, as a new page would start (the web tests share one page between files). */
export function forgetVisitor(): void {
  current = null;
}

export function readVisitor(): string | null {
  try {
    const id = window.localStorage.getItem(STORAGE_KEY);
    if (id && VISITOR_PATTERN.test(id)) return id;
  } catch {
    // storage refused (a third-party frame in a strict browser): the memory, then the page's address
  }
  return current ?? fromAddress();
}

/** Keeps the id a response issued, if it issued one, and tells the page around the frame. */
export function keepVisitor(res: Response): void {
  const id = res.headers.get(VISITOR_HEADER);
  if (!id || !VISITOR_PATTERN.test(id)) return;
  current = id;
  try {
    window.localStorage.setItem(STORAGE_KEY, id);
  } catch {
    // kept in memory and by the page around the frame
  }
  if (window.parent !== window) window.parent.postMessage({ type: VISITOR_MESSAGE, id }, '*');
}

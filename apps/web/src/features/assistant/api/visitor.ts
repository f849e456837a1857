/**
 * The widget's visitor id (decision 0010 "The widget's visitor"): inside another site the frame is a third-party
 * context whose cookies browsers do not send, so the frame keeps the id the server gives it (the answer header
 * `X-BuildAI-Visitor`) in its own storage and sends it back with every call.
 */
export const VISITOR_HEADER = 'X-BuildAI-Visitor';
const STORAGE_KEY = 'buildai-visitor';
const VISITOR_PATTERN = /^[A-Za-z0-9_-]{22}$/;

export function readVisitor(): string | null {
  try {
    const id = window.localStorage.getItem(STORAGE_KEY);
    return id && VISITOR_PATTERN.test(id) ? id : null;
  } catch {
    return null; // storage refused (a strict privacy setting): each page load is a new visitor
  }
}

/** Keeps the id a response issued, if it issued one. */
export function keepVisitor(res: Response): void {
  const id = res.headers.get(VISITOR_HEADER);
  if (!id || !VISITOR_PATTERN.test(id)) return;
  try {
    window.localStorage.setItem(STORAGE_KEY, id);
  } catch {
    // not kept: the next call is asked as a new visitor
  }
}

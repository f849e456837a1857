/**
 * The web's own sizes and pacing (spec 000 §9, spec 001 §9). They were in the domain, which the server shares; none
 * of them means anything to the server, so they live with the only code that reads them.
 */

/** Below this width the builder is laid out for a phone or tablet (spec 001 §9). */
export const DESKTOP_BREAKPOINT_PX = 1024;

/** The builder saves a draft this long after the last change. */
export const AUTOSAVE_DEBOUNCE_MS = 2000;

export const SIDEBAR_COOKIE_NAME = 'sidebar_state';
export const SIDEBAR_COOKIE_MAX_AGE = 604800; // 7 days
export const SIDEBAR_WIDTH = '16rem';
export const SIDEBAR_WIDTH_MOBILE = '18rem';
export const SIDEBAR_WIDTH_ICON = '3rem';
export const SIDEBAR_KEYBOARD_SHORTCUT = 'b';

/** How long the copy button says 'Copied'. */
export const COPIED_MS = 2000;

export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY = 1000000;

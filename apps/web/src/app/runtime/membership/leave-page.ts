/** How the app's page leaves for another document: one object, so a test can watch it without a module mock. */
export const pageExit = {
  /** Leaves the app's page for another document (the payment page, the app's sign-up): a full navigation. */
  leave(url: string): void {
    window.location.assign(url);
  },
};

/** Leaves the app's page for another document (the payment page, the app's sign-up): a full navigation. */
export function leavePage(url: string): void {
  pageExit.leave(url);
}

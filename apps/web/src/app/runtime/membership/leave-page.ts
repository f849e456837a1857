/** Leaves the app's page for another document (the payment page, the app's sign-up): a full navigation. */
export function leavePage(url: string): void {
  window.location.assign(url);
}

/** /app/{appId}: the app's home for end users, in its branding. */
export function AppHomePage() {
  return null;
}

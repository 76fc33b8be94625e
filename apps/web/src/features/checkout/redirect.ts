/** Leaves the app for a provider's hosted page (card checkout, card set-up, mandate). */
export function redirectTo(url: string): void {
  window.location.assign(url);
}

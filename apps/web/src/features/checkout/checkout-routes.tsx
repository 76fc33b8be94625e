// Placeholder until the checkout work lands (issue 6).
export function CheckoutRoutes() {
  return null;
}

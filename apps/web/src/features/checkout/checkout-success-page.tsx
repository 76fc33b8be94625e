// Placeholder until the checkout work lands (issue 6).
export function CheckoutSuccessPage() {
  return null;
}

// Placeholder until the checkout work lands (issue 6).
export function AccountSetupPage() {
  return null;
}

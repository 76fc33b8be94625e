// Placeholder until the disclosure screens land (issue 5).
export function DisclosureRoutes() {
  return null;
}

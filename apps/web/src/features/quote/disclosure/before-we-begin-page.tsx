// Placeholder until the disclosure screens land (issue 5).
export function BeforeWeBeginPage() {
  return null;
}

type PersonName = { firstName?: string | null; lastName?: string | null };

/** Returns the avatar's two capital initials, or '?' when either name is missing or blank. */
export function getAvatarInitials(name: PersonName): string {
  const first = name.firstName?.trim();
  const last = name.lastName?.trim();
  if (!first || !last) return '?';
  return `${first.charAt(0)}${last.charAt(0)}`.toUpperCase();
}

/** Returns the name a user is known by: e-mail, else phone, else 'Unknown'. */
export function getUsername(contact: { email?: string | null; phone?: string | null }): string {
  const email = contact.email?.trim();
  if (email) return email;
  const phone = contact.phone?.trim();
  if (phone) return phone;
  return 'Unknown';
}

/** Returns 'First Last' from the parts that are present (empty string when none). */
export function getFullName(name: PersonName): string {
  return [name.firstName?.trim(), name.lastName?.trim()].filter(Boolean).join(' ');
}

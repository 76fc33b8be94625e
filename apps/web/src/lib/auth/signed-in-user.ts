import type { User } from 'oidc-client-ts';

export type SignedInUser = {
  userId: string;
  username: string;
  firstName?: string;
  lastName?: string;
  email?: string;
  phoneNumber?: string;
  connection?: string;
  roles: string[];
  permissions: string[];
};

const asList = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.filter((item): item is string => typeof item === 'string')
    : typeof value === 'string'
      ? value.split(/[\s,]+/).filter(Boolean)
      : [];

/** What the app shows of the signed-in person, from the ID token's claims. */
export function toSignedInUser(
  user: Pick<User, 'profile'>,
  claimNames: { roles?: string; permissions?: string } = {},
): SignedInUser {
  const profile = user.profile as Record<string, unknown>;
  const text = (key: string) =>
    typeof profile[key] === 'string' ? (profile[key] as string) : undefined;
  const email = text('email');
  const phoneNumber = text('phone_number');
  return {
    userId: String(profile.sub),
    username: email ?? phoneNumber ?? 'Unknown',
    firstName: text('given_name'),
    lastName: text('family_name'),
    email,
    phoneNumber,
    connection: text('connection'),
    roles: asList(profile[claimNames.roles ?? 'roles']),
    permissions: asList(profile[claimNames.permissions ?? 'permissions']),
  };
}

import { z } from 'zod';

/** The signed-in user (or the anonymous session's subject) as the client sees it. */
export const PrincipalSchema = z.object({
  userId: z.string().min(1),
  connection: z.string().nullish(),
  picture: z.string().nullish(),
  roles: z.array(z.string()),
  permissions: z.array(z.string()),
  /** E-mail, else phone, else 'Unknown' (see getUsername). */
  username: z.string(),
  firstName: z.string().nullish(),
  lastName: z.string().nullish(),
});
export type Principal = z.infer<typeof PrincipalSchema>;

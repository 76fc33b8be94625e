import { z } from 'zod';

/** The `limit` query of a staff list (audit trail, jobs): 1 to 200 entries, 50 when not given. */
export const ListLimitSchema = z.coerce.number().int().min(1).max(200).default(50);

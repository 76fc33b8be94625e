import { z } from 'zod';
import { CONDITION_KINDS, CONDITION_OPERATORS } from './forms';

// The schemas of ./forms.ts, kept apart so that code needing only the values (rules, the web app's
// first page) does not load zod.
export const ConditionKindSchema = z.enum(CONDITION_KINDS);
export const ConditionOperatorSchema = z.enum(CONDITION_OPERATORS);

/** Kinds of condition on a form input's `conditional` (spec 3 §5). */
export const CONDITION_KINDS = [
  'input',
  'featureToggle',
  'anonymous',
  'policy',
  'schemeCode',
  'admin',
  'adminPermission',
] as const;
export type ConditionKind = (typeof CONDITION_KINDS)[number];

/** How the conditions of one input combine. */
export const CONDITION_OPERATORS = ['every', 'some'] as const;
export type ConditionOperator = (typeof CONDITION_OPERATORS)[number];

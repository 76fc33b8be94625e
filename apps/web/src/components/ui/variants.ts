/** Status and notification variants (spec 1 §9). */
export const STATUS_VARIANTS = ['default', 'info', 'success', 'warning', 'critical'] as const;
export type StatusVariant = (typeof STATUS_VARIANTS)[number];

/** Button layouts and variants (spec 1 §9). */
export const BUTTON_LAYOUTS = ['default', 'fixed', 'small'] as const;
export type ButtonLayout = (typeof BUTTON_LAYOUTS)[number];
export const BUTTON_VARIANTS = ['default', 'inverted', 'critical'] as const;
export type ButtonVariant = (typeof BUTTON_VARIANTS)[number];

export * from './registration';
export * from './dates';
export * from './inputs';
export * from './change-or-confirm';

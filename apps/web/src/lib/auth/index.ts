export * from './anonymous-session';
export * from './oidc';
export * from './impersonation';
export * from './live-auth-state';

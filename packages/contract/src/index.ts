export * from './errors';
export * from './health';
export * from './proposal';
export * from './policy';
export * from './billing';
export * from './document';
export * from './insight';
export * from './payment';

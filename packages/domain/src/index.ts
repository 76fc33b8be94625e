// @motor/domain: pure TypeScript (no I/O, no clock reads) shared by web, api and brands.

export * from './enums/policy';
export * from './enums/proposal';
export * from './enums/billing';
export * from './enums/product';
export * from './enums/content';
export * from './enums/claim';
export * from './enums/errors';
export * from './enums/ui';
export * from './enums/forms';
export * from './enums/tracking';
export * from './enums/answers';

export * from './entities/common';
export * from './entities/principal';
export * from './entities/vehicle-specification';
export * from './entities/quote';
export * from './entities/proposal';
export * from './entities/policy';
export * from './entities/policyholder';
export * from './entities/customer-account';
export * from './entities/payment-method';
export * from './entities/statement';
export * from './entities/adjustment';
export * from './entities/claim';
export * from './entities/product-config';
export * from './entities/feedback';

export * from './rules/policy-status';
export * from './rules/policy-cards';
export * from './rules/policy-tabs';
export * from './rules/proposal-cards';
export * from './rules/upsell';
export * from './rules/renewal';
export * from './rules/cancellation';
export * from './rules/payment';
export * from './rules/statement';
export * from './rules/adjustment';
export * from './rules/cookie-consent';
export * from './rules/auth';

export * from './errors';
export * from './clock';
export * from './money';
export * from './prorate';
export * from './dates';
export * from './vehicle';
export * from './people';

import type { Alias } from 'vite';

/** The brand package the web app is built with: BRAND_PACKAGE, default @motor/brand-bmw. */
export function brandPackageName(): string {
  const name = process.env.BRAND_PACKAGE ?? '@motor/brand-bmw';
  if (!/^@?[a-z0-9][\w./-]*$/.test(name)) throw new Error(`BRAND_PACKAGE is not a package name`);
  return name;
}

/** `@motor/brand` and `@motor/brand/data` resolve to the chosen brand package (brand-package.d.ts). */
export function brandAliases(): Alias[] {
  const name = brandPackageName();
  return [
    { find: /^@motor\/brand$/, replacement: name },
    { find: /^@motor\/brand\/data$/, replacement: `${name}/data` },
  ];
}

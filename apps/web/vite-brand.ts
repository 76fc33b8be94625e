import { runnerImport, type Alias, type Plugin } from 'vite';
import type { Brand } from '@motor/brand-kit';

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

const VALIDATED_BRAND_ID = '\0motor-validated-brand';

/**
 * The production build's brand: the package's configuration as its own defineBrand validated it
 * here, at build time, written into the bundle as data with the brand kit's zod-free lookups.
 * Without it every browser on a quote page parsed the whole brand package (products, rating
 * tables, vehicle catalogue) with zod before it could answer a keystroke: the quote page's
 * longest task (Lighthouse's total blocking time). The component tests and the dev server
 * import the package itself, validation and all.
 */
export function validatedBrand(): Plugin {
  const name = brandPackageName();
  return {
    name: 'motor-validated-brand',
    apply: 'build',
    enforce: 'pre',
    resolveId: (source) => (source === name ? VALIDATED_BRAND_ID : null),
    async load(id) {
      if (id !== VALIDATED_BRAND_ID) return null;
      // Through Vite's module runner: the package is TypeScript with JSON imports. It throws here,
      // failing the build, when the brand's data is invalid.
      const { module } = await runnerImport<{ default: Brand }>(name, {
        configFile: false,
        root: import.meta.dirname,
        logLevel: 'warn',
      });
      const config = JSON.stringify(module.default.config);
      return [
        "import { brandConfigFaces } from '@motor/brand-kit/config-faces';",
        `const config = ${config};`,
        'export default { config, ...brandConfigFaces(config) };',
      ].join('\n');
    },
  };
}

// The house's boundaries (issue 20 item 9; docs/architecture.md explains them). `npm run lint`
// runs these rules; a violation fails the test command with the rule's name and comment.

/** Test-only helpers a test of another module may use. */
const TEST_HELPERS =
  '(\\.test\\.ts|/test-helpers\\.ts|/fixtures\\.ts|/test-tokens\\.ts|/testing\\.ts)$';

/** A module's tables (decision 048): `modules/<m>/tables.ts`, imported only inside the module. */
const MODULE_TABLES = '^apps/api/src/modules/[^/]+/tables\\.ts$';

/** The vendor SDKs: only adapters under apps/api/src/providers/ may import them. */
const VENDOR_SDKS = ['stripe', 'gocardless-nodejs', 'nodemailer', '@aws-sdk', 'twilio'];

module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      severity: 'error',
      comment:
        'An import cycle (runtime or type-only) in apps/api/src or apps/web/src: move the shared ' +
        'piece down a floor (a leaf file, a module index, lib/) so imports run one way.',
      from: { path: '^apps/(api|web)/src/' },
      to: { circular: true },
    },
    {
      name: 'api-module-internals',
      severity: 'error',
      comment:
        "A module imports another module's file: go through that module's index.ts (its " +
        'public face), or move the operation up into apps/api/src/flows/.',
      from: { path: '^apps/api/src/modules/([^/]+)/', pathNot: TEST_HELPERS },
      to: {
        path: '^apps/api/src/modules/[^/]+/.+',
        pathNot: [
          '^apps/api/src/modules/$1/',
          '^apps/api/src/modules/[^/]+/index\\.ts$',
          MODULE_TABLES,
          // The proposal's tables type two JSON columns with these leaves (domain types only).
          '^apps/api/src/modules/(disclosure/types|rating/snapshot)\\.ts$',
        ],
      },
    },
    {
      name: 'api-outside-into-module-internals',
      severity: 'error',
      comment:
        'Flows, plugins, the CLI, the seed and the server reach modules only through each ' +
        "module's index.ts (app.ts, the composition root, also mounts route files).",
      from: {
        path: ['^apps/api/src/(flows|plugins|cli)/', '^apps/api/src/(db/seed|server)\\.ts$'],
        pathNot: TEST_HELPERS,
      },
      to: {
        path: '^apps/api/src/modules/[^/]+/.+',
        pathNot: ['^apps/api/src/modules/[^/]+/index\\.ts$', MODULE_TABLES],
      },
    },
    {
      name: 'api-tables-in-their-module',
      severity: 'error',
      comment:
        "A module imports another module's tables.ts: each table belongs to one module (decision " +
        "048); read or change another module's data through a verb its index.ts exports. A " +
        "tables.ts may reference another's tables (foreign keys).",
      from: {
        path: '^apps/api/src/modules/([^/]+)/',
        pathNot: [TEST_HELPERS, MODULE_TABLES],
      },
      to: { path: MODULE_TABLES, pathNot: '^apps/api/src/modules/$1/' },
    },
    {
      name: 'api-tables-outside-modules',
      severity: 'error',
      comment:
        "A flow, plugin, provider or other file outside modules/ imports a module's tables.ts: " +
        "flows own no tables (decision 048); call the owning module's verb from its index.ts. " +
        'Only db/schema.ts gathers them all (for the client and the migrations).',
      from: {
        path: '^apps/api/src/',
        pathNot: [
          '^apps/api/src/modules/',
          '^apps/api/src/db/schema\\.ts$',
          '^apps/api/src/test/',
          TEST_HELPERS,
        ],
      },
      to: { path: MODULE_TABLES },
    },
    {
      name: 'api-schema-for-the-client',
      severity: 'error',
      comment:
        "db/schema.ts gathers every module's tables for the database client and the migrations " +
        '(decision 048): no other source file imports it, so no file reaches all tables at once.',
      from: {
        path: '^apps/api/src/',
        pathNot: ['^apps/api/src/db/client\\.ts$', '^apps/api/src/test/', TEST_HELPERS],
      },
      to: { path: '^apps/api/src/db/schema\\.ts$' },
    },
    {
      name: 'api-no-upward-imports',
      severity: 'error',
      comment:
        'Nothing imports the composition root (app.ts) or the server; modules and providers ' +
        'take the App type from app-types.ts.',
      from: { path: '^apps/api/src/(modules|flows|plugins|providers|db)/' },
      to: { path: '^apps/api/src/(app|server)\\.ts$' },
    },
    {
      name: 'api-services-below-flows',
      severity: 'error',
      comment:
        "A module's services never call a flow: flows sit above modules. Only a module's HTTP " +
        'edge (routes.ts) may start one.',
      from: { path: '^apps/api/src/modules/', pathNot: ['/routes\\.ts$', TEST_HELPERS] },
      to: { path: '^apps/api/src/flows/' },
    },
    {
      name: 'api-vendor-sdk-in-providers',
      severity: 'error',
      comment:
        'A vendor SDK outside apps/api/src/providers/: wrap it in a provider adapter behind our ' +
        'own contract (docs/architecture.md "Providers", decision 004).',
      from: { path: '^apps/api/src/', pathNot: '^apps/api/src/providers/' },
      to: { dependencyTypes: ['npm', 'npm-dev'], path: `node_modules/(${VENDOR_SDKS.join('|')})/` },
    },
    {
      name: 'api-brand-at-composition-root',
      severity: 'error',
      comment:
        'Only the composition root picks a brand (server.ts loads BRAND_PACKAGES; tests use ' +
        'test/test-brands.ts): modules read the brand through modules/brand (brandOfScheme, ' +
        'deploymentBrand), so a second brand is a package and a setting, not code.',
      from: {
        path: '^apps/api/src/',
        pathNot: ['^apps/api/src/(server|brands)\\.ts$', '^apps/api/src/test/', TEST_HELPERS],
      },
      to: { path: '^(packages/brands/|node_modules/@motor/brand-(?!kit))' },
    },
    {
      name: 'domain-without-io',
      severity: 'error',
      comment:
        'packages/domain holds pure rules: no file system, network, database or process ' +
        'access (pass what it needs in).',
      from: { path: '^packages/domain/src/' },
      to: {
        path: [
          '^(node:)?(fs|fs/promises|net|http|https|http2|child_process|dgram|dns|tls|worker_threads|cluster)$',
          'node_modules/(pg|@electric-sql/pglite|drizzle-orm|nodemailer|undici)/',
        ],
      },
    },
    {
      name: 'web-features-apart',
      severity: 'error',
      comment:
        'A web feature imports app/ or another feature: features use lib/, components/ and ' +
        'packages only; app/ composes them.',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: {
        path: '^apps/web/src/(app/|features/)',
        pathNot: '^apps/web/src/features/$1/',
      },
    },
    {
      name: 'web-policy-features-faces',
      severity: 'error',
      comment:
        'The policy page (app/policy/) reaches each policy feature (features/policy-*) only ' +
        "through its index.ts, the feature's public face (decision 047); what several of them " +
        'need lives in lib/policy/ or components/policy/.',
      from: { path: '^apps/web/src/(app|lib|components)/', pathNot: TEST_HELPERS },
      to: {
        path: '^apps/web/src/features/policy-[^/]+/.+',
        pathNot: '^apps/web/src/features/policy-[^/]+/index\\.ts$',
      },
    },
    {
      name: 'web-and-api-apart',
      severity: 'error',
      comment: 'The web app and the API share code only through packages/ (@motor/contract ...).',
      from: { path: '^apps/(web|api)/src/' },
      to: { path: '^apps/(web|api)/src/', pathNot: '^apps/$1/src/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Build output of our own packages; node_modules' own dist/ folders are where SDKs live.
    exclude: { path: '^(apps|packages)/.*/(dist|coverage|out)/' },
    // Type-only imports count: a cycle through types is still a knot to untie.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};

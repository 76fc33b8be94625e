import { SPEC_FEATURES, TRACKING_PARAMETERS } from '@motor/domain';
import type { BrandConfigInput, BrandShellData } from '@motor/brand-kit';
import * as ukShell from '@motor/brand-kit/uk-shell';

// Lumen Motors, a fictional car maker: the second brand that shows a brand is data. Its web shell
// as plain data (the ./data entry), free of zod for the browser's first page.

const LOGO = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32"><circle cx="16" cy="16" r="15" fill="#0f766e"/><path d="M10 8v16h12v-3h-9V8z" fill="#fde68a"/></svg>`;

export const lumenShellConfig = {
  brandCode: 'lumen',
  appName: 'Lumen Cover',
  logoSvg: LOGO,
  locale: 'en-GB',
  currency: 'GBP',
  timeZone: 'Europe/London',
  theme: {
    colours: {
      primary: '#0f766e',
      primaryHover: '#115e59',
      onPrimary: '#ffffff',
      text: '#1f2937',
      textMuted: '#4b5563',
      background: '#ffffff',
      surface: '#f0fdfa',
      border: '#94a3b8',
      critical: '#b91c1c',
      onCritical: '#ffffff',
      success: '#15803d',
      warning: '#92400e',
      info: '#1d4ed8',
      focus: '#7c2d12',
    },
    fontFamily: "Georgia, 'Times New Roman', serif",
    spacing: ukShell.spacing,
    radius: { default: '10px', sm: '6px', lg: '16px', pill: '999px' },
  },
  footer: {
    contentLine:
      'Lumen Cover motor policies are underwritten by Meridian Mutual Insurance Ltd; motor legal expenses by Harbour Legal Insurance Ltd.',
    regulatoryStatement:
      'Lumen Cover is a trading name of Lumen Motors Finance Ltd, an insurance intermediary authorised and regulated by the Financial Conduct Authority (Firm Reference Number 900901). Registered in England and Wales. Registered office: 3 Quayside, Bristol BS1 4QA.',
    links: [
      ...ukShell.footerLinks,
      { text: 'Terms of business', href: '/content/documents/monthly/business-terms.html' },
    ],
    poweredBy: ukShell.poweredBy,
  },
  contentBaseUrl: '/content',
  claims: {
    phone: '0800 000 0001',
    email: 'claims@lumen.example',
    faqUrl: '/content/static/claims-faq.html',
  },
  support: {
    phone: '0800 000 0101',
    email: 'help@lumen.example',
    faqUrl: '/content/static/faq.html',
    hours: ukShell.supportHours,
  },
  accountSettings: ukShell.accountSettings,
  schemes: [
    {
      schemeCode: 'lumen-monthly',
      urlName: 'monthly',
      productKind: 'SUBSCRIPTION',
      name: 'Lumen Monthly',
    },
    {
      schemeCode: 'lumen-collect',
      urlName: 'collect',
      productKind: 'DRIVEAWAY',
      name: 'Lumen Collect',
    },
  ],
} satisfies BrandConfigInput;

/** Spec 2 §9's features, but one quote or policy at a time per product (lumenFeatureReasons). */
export const lumenFeatures = {
  ...SPEC_FEATURES,
  multiQuote: false,
};

/** Why Lumen sets a feature otherwise than spec 2 §9 (checked when the brand loads). */
export const lumenFeatureReasons = {
  multiQuote:
    'Lumen, the fictional second brand, runs with multiQuote off so that the other side of the ' +
    'toggle is served and tested: a customer holds one quote or policy of each product at a ' +
    'time, and home offers no second quote for a product in progress or held.',
};

const shell: BrandShellData = {
  config: lumenShellConfig,
  features: lumenFeatures,
  proposalTracking: [...TRACKING_PARAMETERS],
  texts: {
    home: { title: 'Cover for your Lumen, by the month' },
    forms: {
      eligibility: {
        statements: [
          'I live in the United Kingdom and the car is kept here',
          'The car is a Lumen, registered in the UK and not used for hire or reward',
          'I have not had more than 2 claims or any driving ban in the last 5 years',
        ],
      },
    },
    retrieve: { notFound: { externalUrl: 'https://lumen.example/' } },
  },
};
export default shell;

import { SPEC_FEATURES, TRACKING_PARAMETERS } from '@motor/domain';
import type { FeatureToggle } from '@motor/domain';
import type { BrandConfigInput, BrandShellData } from '@motor/brand-kit';
import * as ukShell from '@motor/brand-kit/uk-shell';

// The BMW brand as plain data, free of zod so the browser's first page can use it as is (the
// package's ./data entry). The server validates it at start (index.ts, defineBrand) and
// brand-config.test.ts checks that parsing leaves it unchanged.
export const bmwBrandData = {
  brandCode: 'bmw',
  appName: 'BMW Insurance',
  locale: 'en-GB',
  currency: 'GBP',
  timeZone: 'Europe/London',
  theme: {
    colours: {
      primary: '#1c69d4',
      primaryHover: '#0653b6',
      onPrimary: '#ffffff',
      text: '#262626',
      textMuted: '#5c5c5c',
      background: '#ffffff',
      surface: '#f4f6f8',
      border: '#c4c9cf',
      critical: '#c8102e',
      onCritical: '#ffffff',
      success: '#1b7a3a',
      warning: '#8a5a00',
      info: '#0653b6',
      focus: '#0b3d91',
    },
    fontFamily:
      "'BMW Type Next', 'Helvetica Neue', Helvetica, Arial, system-ui, -apple-system, sans-serif",
    spacing: ukShell.spacing,
    radius: { default: '4px', sm: '2px', lg: '8px', pill: '999px' },
  },
  footer: {
    contentLine:
      'BMW Insurance motor policies are underwritten by Bavaria Insurance UK Ltd; motor legal expenses by Albion Legal Protection Ltd. Cover is subject to the terms and conditions of your policy.',
    regulatoryStatement:
      'BMW Insurance is a trading name of BMW Insurance Services Ltd, an insurance intermediary authorised and regulated by the Financial Conduct Authority (Firm Reference Number 900789). Registered in England and Wales. Registered office: Summit ONE, Summit Avenue, Farnborough GU14 0FB.',
    links: [
      ...ukShell.footerLinks,
      { text: 'Terms of business', href: '/content/documents/flex/business-terms.html' },
    ],
    poweredBy: ukShell.poweredBy,
  },
  contentBaseUrl: '/content',
  claims: {
    phone: '0800 000 0000',
    email: 'claims@bmw-insurance.example',
    faqUrl: '/content/static/claims-faq.html',
  },
  support: {
    phone: '0800 000 0100',
    email: 'help@bmw-insurance.example',
    faqUrl: '/content/static/faq.html',
    hours: ukShell.supportHours,
  },
  accountSettings: ukShell.accountSettings,
  schemes: [
    { schemeCode: 'bmw-flex', urlName: 'flex', productKind: 'SUBSCRIPTION', name: 'BMW Flex' },
    {
      schemeCode: 'bmw-driveaway',
      urlName: 'driveaway',
      productKind: 'DRIVEAWAY',
      name: 'BMW Driveaway',
    },
  ],
} satisfies BrandConfigInput;

/** Spec 2 §9's features, but for the online claim, which BMW offers (bmwFeatureReasons). */
export const bmwFeatures = {
  ...SPEC_FEATURES,
  axitechFnol: true,
} satisfies Record<FeatureToggle, boolean>;

/** Why BMW sets a feature otherwise than spec 2 §9 (checked when the brand loads). */
export const bmwFeatureReasons = {
  axitechFnol:
    'BMW offers the online claim (first notice of loss) that the claims provider integration ' +
    'serves: the claims tab of an ACTIVE policy has "Make a claim online" beside the claims ' +
    'line and e-mail, which the demo and its journeys use (README, Claims).',
} satisfies Partial<Record<FeatureToggle, string>>;

/** Query parameters kept for the session and sent with proposal impressions (spec 2 §9). */
export const bmwProposalTracking = [...TRACKING_PARAMETERS];

/** The web app's words that are BMW's own (merged over its base texts). */
const bmwTexts = {
  home: { title: 'Car insurance for your BMW' },
  forms: {
    labels: { retailer: 'Your BMW retailer number' },
    eligibility: {
      statements: [
        'I live in the United Kingdom and the car is kept here',
        'The car is a BMW or MINI, registered in the UK and not used for hire or reward',
        'I have not had more than 2 claims or any driving ban in the last 5 years',
      ],
    },
  },
  quote: {
    upgrade: {
      benefits: [
        'Fully comprehensive cover for your BMW',
        'Your price is guaranteed for 12 months',
        'Pay monthly with no long-term contract',
        'Add no-claims bonus protection and legal expenses if you want them',
      ],
    },
  },
  retrieve: {
    notFound: {
      external: 'Find out more about BMW car insurance (opens in a new tab)',
      externalUrl: 'https://www.bmw.co.uk/',
    },
  },
};

/** The ./data entry: the web shell's brand (see BrandShellData). */
export default {
  config: bmwBrandData,
  features: bmwFeatures,
  proposalTracking: bmwProposalTracking,
  texts: bmwTexts,
} satisfies BrandShellData;

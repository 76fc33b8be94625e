import { z } from 'zod';
import { parseBrandData } from './parse-brand-data';

// Brand configuration is data: a second brand is a second object that parses with this schema.

export const PRODUCT_KINDS = ['SUBSCRIPTION', 'ANNUAL', 'DRIVEAWAY'] as const;
export const ProductKindSchema = z.enum(PRODUCT_KINDS);
export type ProductKind = z.infer<typeof ProductKindSchema>;

const HexColourSchema = z
  .string()
  .regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'Expected a hex colour such as #1c69d4');
const CssLengthSchema = z
  .string()
  .regex(/^(?:0|\d+(?:\.\d+)?(?:px|rem|em))$/, 'Expected a CSS length such as 1rem');

const ClockTimeSchema = z
  .string()
  .regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/, 'Expected a 24-hour time such as 08:00');

export const ThemeSchema = z.object({
  colours: z.object({
    primary: HexColourSchema,
    primaryHover: HexColourSchema,
    onPrimary: HexColourSchema,
    text: HexColourSchema,
    textMuted: HexColourSchema,
    background: HexColourSchema,
    surface: HexColourSchema,
    border: HexColourSchema,
    critical: HexColourSchema,
    onCritical: HexColourSchema,
    success: HexColourSchema,
    warning: HexColourSchema,
    info: HexColourSchema,
    focus: HexColourSchema,
  }),
  fontFamily: z.string().min(1),
  // A numbered scale on an 8px grid: space 1 = 8px, 2 = 16px, ... (CSS --space-N).
  spacing: z.object({
    1: CssLengthSchema,
    2: CssLengthSchema,
    3: CssLengthSchema,
    4: CssLengthSchema,
    5: CssLengthSchema,
    6: CssLengthSchema,
  }),
  // default is the radius of controls and cards (CSS --radius); the others are --radius-<name>.
  radius: z.object({
    default: CssLengthSchema,
    sm: CssLengthSchema,
    lg: CssLengthSchema,
    pill: CssLengthSchema,
  }),
});
export type Theme = z.infer<typeof ThemeSchema>;

export const SchemeSchema = z.object({
  schemeCode: z.string().regex(/^[a-z0-9-]+$/),
  urlName: z.string().regex(/^[a-z0-9-]+$/, 'A url name is lower case letters, digits and hyphens'),
  productKind: ProductKindSchema,
  name: z.string().min(1),
  /** The billing tab shows no payment-settings sidebar for this scheme (spec 3 §2 Billing tab). */
  hideBillingSidebar: z.boolean().optional(),
});
export type Scheme = z.infer<typeof SchemeSchema>;

export const AccountSettingSchema = z.object({
  /** Route parameter of /account/{name}. */
  name: z.string().regex(/^[a-z0-9-]+$/),
  /** The configured input behind the setting (e.g. emailAccount). */
  input: z.string().min(1),
  readOnly: z.boolean(),
});
export type AccountSetting = z.infer<typeof AccountSettingSchema>;

// Top-level paths of the web app that a scheme's url name must not shadow.
const RESERVED_URL_NAMES = ['retrieve', 'callback', 'sign-in', 'account', 'api', 'content'];

export const BrandConfigSchema = z.object({
  brandCode: z.string().regex(/^[a-z0-9-]+$/),
  appName: z.string().min(1),
  /**
   * The brand's mark as an SVG document, shown beside the app name in the header (decorative:
   * the name beside it is the accessible text). Optional: without it the name stands alone.
   */
  logoSvg: z
    .string()
    .regex(/^<svg[\s>][\s\S]*<\/svg>\s*$/, 'Expected an SVG document')
    .max(20_000)
    .optional(),
  locale: z.literal('en-GB'),
  currency: z.literal('GBP'),
  timeZone: z.literal('Europe/London'),
  theme: ThemeSchema,
  footer: z.object({
    contentLine: z.string().min(1),
    /** The FCA status disclosure a UK insurance intermediary shows on every page. */
    regulatoryStatement: z.string().min(1),
    /** Complaints, privacy and cookie policy pages (paths under contentBaseUrl or absolute). */
    links: z.array(z.object({ text: z.string().min(1), href: z.string().min(1) })).min(1),
    poweredBy: z.string().min(1),
  }),
  contentBaseUrl: z.string().min(1),
  /**
   * The claims tab's sidebar (spec 3 §2): the claims line, the claims e-mail and the claims FAQ
   * (a path on the site or an absolute URL). Optional: without it the sidebar is not shown.
   */
  claims: z
    .object({
      phone: z.string().min(1),
      email: z.email(),
      faqUrl: z.string().min(1),
    })
    .optional(),
  /**
   * Customer care (issue 18): the Help modal's phone, e-mail and FAQ (a path on the site or an
   * absolute URL), and the weekly hours, London time, when phone and chat are staffed (days are
   * ISO weekdays, 1 Monday to 7 Sunday). Outside them the chat says when someone will reply.
   */
  support: z.object({
    phone: z.string().min(1),
    email: z.email(),
    faqUrl: z.string().min(1),
    hours: z
      .array(
        z
          .object({
            days: z.array(z.number().int().min(1).max(7)).min(1),
            opens: ClockTimeSchema,
            closes: ClockTimeSchema,
          })
          .refine((period) => period.opens < period.closes, 'A period closes after it opens'),
      )
      .min(1),
  }),
  /** Editable account settings; empty means no account navigation. */
  accountSettings: z.array(AccountSettingSchema),
  schemes: z
    .array(SchemeSchema)
    .min(1)
    .superRefine((schemes, ctx) => {
      const codes = new Set<string>();
      const urlNames = new Set<string>();
      for (const scheme of schemes) {
        if (codes.has(scheme.schemeCode)) {
          ctx.addIssue({ code: 'custom', message: `Duplicate schemeCode ${scheme.schemeCode}` });
        }
        if (urlNames.has(scheme.urlName)) {
          ctx.addIssue({ code: 'custom', message: `Duplicate urlName ${scheme.urlName}` });
        }
        if (RESERVED_URL_NAMES.includes(scheme.urlName)) {
          ctx.addIssue({ code: 'custom', message: `urlName ${scheme.urlName} is reserved` });
        }
        codes.add(scheme.schemeCode);
        urlNames.add(scheme.urlName);
      }
    }),
});
export type BrandConfig = z.infer<typeof BrandConfigSchema>;
export type BrandConfigInput = z.input<typeof BrandConfigSchema>;

/** Parses a brand configuration, throwing with every problem listed when it is invalid. */
export function parseBrandConfig(input: unknown): BrandConfig {
  return parseBrandData(BrandConfigSchema, input, 'brand configuration');
}

import type { Brand } from '@motor/brand-kit';

// The brands this deployment serves, set once by the composition root (server.ts, the test app,
// the CLI) before the app is built. Modules resolve a brand from a scheme code, which is unique
// across brands, or take the deployment's own brand for what is not about one scheme (pages,
// footer, e-mails). No module imports a brand package: adding a brand is a package and a setting.
// A registry rather than a parameter on every call because scheme facts are read deep inside
// pure functions (form validation, document copy); see docs/decisions/017-brand-as-data.md.

let registered: readonly Brand[] = [];

/** Registers the deployment's brands (the first is its own); refuses two with one scheme code. */
export function useBrands(brands: readonly Brand[]): void {
  if (brands.length === 0) throw new Error('At least one brand is needed');
  const seen = new Set<string>();
  for (const code of brands.flatMap((brand) => brand.schemeCodes)) {
    if (seen.has(code)) throw new Error(`Two brands have the scheme ${code}`);
    seen.add(code);
  }
  registered = [...brands];
}

/** The deployment's own brand: its name, pages, footer and e-mails. */
export function deploymentBrand(): Brand {
  const [brand] = registered;
  if (!brand) throw new Error('No brand registered: the composition root calls useBrands first');
  return brand;
}

/** The brand that sells this scheme; throws 'No scheme for the code {code}'. */
export function brandOfScheme(schemeCode: string): Brand {
  const brand = registered.find((candidate) => candidate.schemeCodes.includes(schemeCode));
  if (!brand) throw new Error(`No scheme for the code ${schemeCode}`);
  return brand;
}

/** Every scheme code of every registered brand. */
export function registeredSchemeCodes(): string[] {
  return registered.flatMap((brand) => brand.schemeCodes);
}

type Promotion = Brand['promotions'][string];

/** The promotion of this id if the scheme offers it, else null. */
export function findPromotion(schemeCode: string, promotionId: string): Promotion | null {
  const { promotions } = brandOfScheme(schemeCode);
  const promotion = Object.hasOwn(promotions, promotionId) ? promotions[promotionId] : undefined;
  return promotion?.schemeCodes.includes(schemeCode) ? promotion : null;
}

/** Whether what a customer typed is the promotion's code: any case, spaces around ignored. */
export function isPromotionCode(promotion: Promotion, typed: string): boolean {
  return promotion.activationCode === typed.trim().toUpperCase();
}

/**
 * The terms a quote keeps of a promotion it takes (quote.promoCode and its promotion fields): its
 * id, its monthly discount and the first instalment it comes off (null: every one).
 */
export type TakenPromotion = {
  promoCode: string;
  monthlyDiscountPence: number;
  fromInstalment: number | null;
};

/** The terms a quote keeps of the promotion of this id. */
export function takenPromotion(promotionId: string, promotion: Promotion): TakenPromotion {
  return {
    promoCode: promotionId,
    monthlyDiscountPence: promotion.monthlyDiscountPence,
    fromInstalment: promotion.fromInstalment ?? null,
  };
}

/** A promotion of a scheme found by the code a customer types, or null. */
export function findPromotionByCode(
  schemeCode: string,
  activationCode: string,
): TakenPromotion | null {
  const found = Object.keys(brandOfScheme(schemeCode).promotions)
    .map((promotionId) => ({ promotionId, promotion: findPromotion(schemeCode, promotionId) }))
    .find(({ promotion }) => promotion && isPromotionCode(promotion, activationCode));
  return found?.promotion ? takenPromotion(found.promotionId, found.promotion) : null;
}

import type { PriceTrace, Quote } from '../entities/quote';
import { formatMoney, roundPence } from '../money';

// "What makes up your price" (issue 35 item 2): a quote's price told in pounds, from rating's own
// trace. Rating multiplies the scheme's starting premium by each factor in turn and rounds once;
// here each factor's part is what it added to (or took off) the running price at its turn, each
// running price rounded to the penny, so the parts add up exactly to the rated premium. Then the
// minimum premium, the chosen add-ons and the tax: the lines add up to the year's price.

/** What the customer reads for a rating factor (the rating's own names otherwise). */
export const PRICE_FACTOR_LABELS: Record<string, string> = {
  mainDriverAge: 'the main driver’s age',
  yearsLicensed: 'years the main driver has held a licence',
  licenceType: 'licence type',
  ncdYears: 'no claims discount',
  claims: 'claims in the last 5 years',
  convictionPoints: 'driving conviction points',
  convictionOffence: 'driving convictions',
  insuranceGroup: 'the car’s insurance group',
  vehicleAge: 'the car’s age',
  vehicleValue: 'the car’s value',
  annualMileage: 'annual mileage',
  usage: 'how the car is used',
  overnightLocation: 'where the car is kept overnight',
  postcodeArea: 'where you live',
  occupation: 'occupation',
  youngestAdditionalDriverAge: 'the youngest named driver’s age',
  voluntaryExcess: 'voluntary excess',
};

export type PriceLine =
  | { kind: 'start'; pence: number }
  | { kind: 'factor'; name: string; value: number | string | null; pence: number }
  | { kind: 'minimum'; pence: number }
  | { kind: 'cover'; code: string; pence: number }
  | { kind: 'tax'; pence: number };

type PricedQuote = Pick<Quote, 'priceTrace' | 'taxAmount' | 'totalPremium'>;

/** The answer beside a factor's name, in words; null where the name says it all. */
function describeFactorValue(name: string, value: number | string | null): string | null {
  if (value === null || value === '') return null;
  if (typeof value === 'string') return name === 'postcodeArea' ? `${value} postcode area` : null;
  switch (name) {
    case 'mainDriverAge':
    case 'youngestAdditionalDriverAge':
    case 'insuranceGroup':
      return `${value}`;
    case 'yearsLicensed':
    case 'ncdYears':
    case 'vehicleAge':
      return value === 1 ? '1 year' : `${value} years`;
    case 'convictionPoints':
      return value === 1 ? '1 point' : `${value} points`;
    case 'vehicleValue':
    case 'voluntaryExcess':
      return formatMoney(value);
    case 'annualMileage':
      return `${value.toLocaleString('en-GB')} miles a year`;
    default:
      return null;
  }
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A line's words; `coverName` names an add-on (the product's names are the page's). */
export function describePriceLine(
  line: PriceLine,
  coverName: (code: string) => string = (code) => code,
): string {
  switch (line.kind) {
    case 'start':
      return 'Starting price for this cover';
    case 'factor': {
      const label = capitalise(PRICE_FACTOR_LABELS[line.name] ?? line.name);
      const detail = describeFactorValue(line.name, line.value);
      return detail ? `${label} (${detail})` : label;
    }
    case 'minimum':
      return 'Raised to the lowest price we offer for this cover';
    case 'cover':
      return coverName(line.code);
    case 'tax':
      return 'Insurance Premium Tax';
  }
}

/**
 * A priced quote's year, line by line, adding up to its totalPremium: the starting price, each
 * factor that moved it (largest first), the minimum premium when it applied, each add-on and the
 * tax. Null for a quote with no trace (unpriced, or rated before traces were kept) or one whose
 * trace does not add up to its price.
 */
export function explainPrice(quote: PricedQuote): PriceLine[] | null {
  const trace: PriceTrace | null | undefined = quote.priceTrace;
  if (!trace) return null;
  const factorLines: PriceLine[] = [];
  let running = trace.basePremiumPence;
  let rounded = trace.basePremiumPence;
  for (const { name, value, factor } of trace.factors) {
    running *= factor;
    const next = roundPence(running);
    if (next !== rounded) factorLines.push({ kind: 'factor', name, value, pence: next - rounded });
    rounded = next;
  }
  factorLines.sort((a, b) => Math.abs(b.pence) - Math.abs(a.pence));
  const lines: PriceLine[] = [{ kind: 'start', pence: trace.basePremiumPence }, ...factorLines];
  if (trace.minimumPremiumPence > rounded) {
    lines.push({ kind: 'minimum', pence: trace.minimumPremiumPence - rounded });
  }
  for (const cover of trace.optionalCovers) {
    lines.push({ kind: 'cover', code: cover.code, pence: cover.premiumPence });
  }
  lines.push({ kind: 'tax', pence: quote.taxAmount });
  const sum = lines.reduce((total, line) => total + line.pence, 0);
  return sum === quote.totalPremium ? lines : null;
}

/** The rated premium before the minimum: the starting price times every factor, rounded once. */
function ratedPremiumOf(trace: PriceTrace): number {
  return roundPence(
    trace.factors.reduce((premium, item) => premium * item.factor, trace.basePremiumPence),
  );
}

/**
 * The change in the rated premium, shared among the parts whose multiplier changed (the starting
 * price, when the rates did): each its share of the change on a log scale, so that a factor that
 * did not change is never said to have moved the price, and the order rating multiplies in does
 * not matter. Whole pence; what rounding leaves goes to the largest share.
 */
function shareRatedChange(before: PriceTrace, after: PriceTrace): PriceLine[] {
  const change = ratedPremiumOf(after) - ratedPremiumOf(before);
  const was = new Map(before.factors.map((factor) => [factor.name, factor.factor]));
  const weighed: { line: PriceLine; weight: number }[] = [];
  if (after.basePremiumPence !== before.basePremiumPence) {
    weighed.push({
      line: { kind: 'start', pence: 0 },
      weight: Math.log(after.basePremiumPence / before.basePremiumPence),
    });
  }
  const names = new Set([...was.keys(), ...after.factors.map((factor) => factor.name)]);
  for (const name of names) {
    const now = after.factors.find((factor) => factor.name === name);
    const old = before.factors.find((factor) => factor.name === name);
    const weight = Math.log((now?.factor ?? 1) / (old?.factor ?? 1));
    if (weight !== 0) {
      const { value } = now ?? old!;
      weighed.push({ line: { kind: 'factor', name, value, pence: 0 }, weight });
    }
  }
  if (change === 0 && weighed.length === 0) return [];
  const total = weighed.reduce((sum, part) => sum + part.weight, 0);
  if (weighed.length === 0 || total === 0) {
    // Nothing weighs (or the weights cancel): the change is all the largest part's.
    const [first] = weighed.sort((a, b) => Math.abs(b.weight) - Math.abs(a.weight));
    return [{ ...(first?.line ?? { kind: 'start' }), pence: change } as PriceLine];
  }
  const lines = weighed.map(({ line, weight }) => ({
    ...line,
    pence: Math.trunc((change * weight) / total),
  }));
  const largest = weighed.reduce(
    (best, part, index) => (Math.abs(part.weight) > Math.abs(weighed[best]!.weight) ? index : best),
    0,
  );
  lines[largest]!.pence += change - lines.reduce((sum, line) => sum + line.pence, 0);
  return lines;
}

function keyOf(line: PriceLine): string {
  if (line.kind === 'factor') return `factor:${line.name}`;
  if (line.kind === 'cover') return `cover:${line.code}`;
  return line.kind;
}

/**
 * What moved a year's price from `before` to `after` (a change's review): the rated premium's
 * change shared among the answers (and rates) that changed it, then the minimum premium, each
 * add-on and the tax that changed, largest first; and whether the rates themselves changed (a new
 * table version). The moves add up to the difference between the two prices. Null when either
 * quote cannot be explained.
 */
export function explainPriceMoves(
  before: PricedQuote,
  after: PricedQuote,
): { moves: PriceLine[]; ratesChanged: boolean } | null {
  const was = explainPrice(before);
  const now = explainPrice(after);
  if (!was || !now) return null;
  // Past the rated premium, a line's part is its own: the minimum, each add-on, the tax.
  const parts = new Map<string, PriceLine>();
  const own = (lines: PriceLine[]) =>
    lines.filter((line) => line.kind !== 'start' && line.kind !== 'factor');
  for (const line of own(was)) parts.set(keyOf(line), { ...line, pence: -line.pence });
  for (const line of own(now)) {
    const part = parts.get(keyOf(line));
    parts.set(keyOf(line), { ...line, pence: line.pence + (part?.pence ?? 0) });
  }
  const moves = [...shareRatedChange(before.priceTrace!, after.priceTrace!), ...parts.values()]
    .filter((line) => line.pence !== 0)
    .sort((a, b) => Math.abs(b.pence) - Math.abs(a.pence));
  return {
    moves,
    ratesChanged: before.priceTrace!.tableVersion !== after.priceTrace!.tableVersion,
  };
}

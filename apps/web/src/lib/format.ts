import { DEFAULT_FORM_FORMATS, formatRegistration } from '@motor/forms';
import { brand } from './brand';

/**
 * A registration as every page shows it, 'BM24 XYZ' (issue 31 item 10: one formatter). The UK
 * format every brand uses (the API's documents and notices use the same one): the brand's
 * product config is not loaded on the first page.
 */
export function formatPlate(mark: string): string {
  return formatRegistration(mark, DEFAULT_FORM_FORMATS.vehicleRegistration);
}

const money = new Intl.NumberFormat(brand.locale, { style: 'currency', currency: brand.currency });

/** Formats integer pence for display (spec 1 §9: pence divided by 100). */
export function formatPence(amountPence: number): string {
  return money.format(amountPence / 100);
}

const date = new Intl.DateTimeFormat(brand.locale, {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: brand.timeZone,
});

/** Formats an ISO instant as a UK calendar date in Europe/London. */
export function formatDate(iso: string): string {
  const value = new Date(iso);
  return Number.isNaN(value.getTime()) ? iso : date.format(value);
}

const londonClock = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'Europe/London',
});

/** "14:05": an ISO instant's time of day in London, on the 24-hour clock. */
export function formatLondonTime(iso: string): string {
  return londonClock.format(new Date(iso));
}

// The card provider names a card's brand in lower case ('visa', 'amex'); people read its name.
const CARD_BRAND_NAMES: Record<string, string> = {
  amex: 'American Express',
  diners: 'Diners Club',
  discover: 'Discover',
  jcb: 'JCB',
  mastercard: 'Mastercard',
  unionpay: 'UnionPay',
  visa: 'Visa',
};

/** 'visa' → 'Visa'; a brand we do not know is shown as the provider named it. */
export function formatCardBrand(brand: string): string {
  return CARD_BRAND_NAMES[brand.toLowerCase()] ?? brand;
}

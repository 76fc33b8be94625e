import { brand } from './brand';

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

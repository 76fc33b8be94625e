// Checks of what a customer types into a card form (the sandbox's hosted page and token form).

export type CardInput = { number: string; expiry: string; cvc: string };
type CardField = keyof CardInput;
export type CardErrors = Partial<Record<CardField, string>>;

const CARD_MESSAGES = {
  numberMissing: 'Enter your card number',
  numberInvalid: 'Enter a valid card number, like 4242 4242 4242 4242',
  expiryMissing: 'Enter the expiry date',
  expiryInvalid: 'Enter the expiry date as MM/YY, for example 08/29',
  expired: 'This card has expired',
  cvcMissing: 'Enter the security code',
  cvcInvalid: 'Enter the 3 or 4 digit security code on the back of the card',
} as const;

export function normaliseCardNumber(value: string): string {
  return value.replace(/[\s-]/g, '');
}

function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Field errors of a card form; an empty object when the card can be tried. */
export function checkCardInput(input: CardInput, now: Date): CardErrors {
  const errors: CardErrors = {};
  const number = normaliseCardNumber(input.number);
  if (!number) errors.number = CARD_MESSAGES.numberMissing;
  else if (!/^\d{13,19}$/.test(number) || !passesLuhn(number)) {
    errors.number = CARD_MESSAGES.numberInvalid;
  }
  const expiry = /^\s*(\d{2})\s*\/\s*(\d{2})\s*$/.exec(input.expiry);
  if (!input.expiry.trim()) errors.expiry = CARD_MESSAGES.expiryMissing;
  else if (!expiry || Number(expiry[1]) < 1 || Number(expiry[1]) > 12) {
    errors.expiry = CARD_MESSAGES.expiryInvalid;
  } else {
    // A card is valid to the end of its expiry month.
    const expiryMonth = (2000 + Number(expiry[2])) * 12 + Number(expiry[1]) - 1;
    const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
    if (expiryMonth < thisMonth) errors.expiry = CARD_MESSAGES.expired;
  }
  if (!input.cvc.trim()) errors.cvc = CARD_MESSAGES.cvcMissing;
  else if (!/^\d{3,4}$/.test(input.cvc.trim())) errors.cvc = CARD_MESSAGES.cvcInvalid;
  return errors;
}

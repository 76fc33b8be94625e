import { validateAccountDetails } from 'uk-modulus-check';
import { isSandboxBehaviourName } from './sandbox-outcome';

// What the sandbox's hosted mandate page checks, with GOV.UK-style messages.

export type BankAccountInput = {
  accountHolderName: string;
  sortCode: string;
  accountNumber: string;
};
type BankAccountField = keyof BankAccountInput;
export type BankAccountErrors = Partial<Record<BankAccountField, string>>;

const BANK_ACCOUNT_MESSAGES = {
  nameMissing: 'Enter the name on the account',
  nameTooLong: 'The name on the account must be 18 characters or fewer',
  sortCodeMissing: 'Enter a sort code',
  sortCodeInvalid: 'Enter a valid sort code like 309430',
  accountNumberMissing: 'Enter an account number',
  accountNumberInvalid: 'Enter a valid account number like 00733445',
  modulusFailed:
    'Check your sort code and account number: they do not belong together (the bank’s check failed)',
} as const;

export function normaliseSortCode(value: string): string {
  return value.replace(/[\s-]/g, '');
}

/** Field errors; empty when the account passes the VocaLink modulus check. */
export function checkBankAccount(input: BankAccountInput): BankAccountErrors {
  const errors: BankAccountErrors = {};
  const name = input.accountHolderName.trim();
  if (!name) errors.accountHolderName = BANK_ACCOUNT_MESSAGES.nameMissing;
  // Bacs carries 18 characters of the account name; the sandbox's test names (such as "Fail
  // Payment From 3") are no real account's and may be longer.
  else if (name.length > 18 && !isSandboxBehaviourName(name)) {
    errors.accountHolderName = BANK_ACCOUNT_MESSAGES.nameTooLong;
  }
  const sortCode = normaliseSortCode(input.sortCode);
  const accountNumber = input.accountNumber.replace(/\s/g, '');
  if (!sortCode) errors.sortCode = BANK_ACCOUNT_MESSAGES.sortCodeMissing;
  else if (!/^\d{6}$/.test(sortCode)) errors.sortCode = BANK_ACCOUNT_MESSAGES.sortCodeInvalid;
  if (!accountNumber) errors.accountNumber = BANK_ACCOUNT_MESSAGES.accountNumberMissing;
  else if (!/^\d{8}$/.test(accountNumber)) {
    errors.accountNumber = BANK_ACCOUNT_MESSAGES.accountNumberInvalid;
  }
  if (
    !errors.sortCode &&
    !errors.accountNumber &&
    !validateAccountDetails(sortCode, accountNumber)
  ) {
    errors.accountNumber = BANK_ACCOUNT_MESSAGES.modulusFailed;
  }
  return errors;
}

// Sort-code prefixes of the largest UK banks (first match wins); enough for a sandbox page.
const BANKS: [prefix: string, name: string][] = [
  ['040004', 'Monzo'],
  ['040075', 'Revolut'],
  ['608371', 'Starling Bank'],
  ['07', 'Nationwide'],
  ['08', 'The Co-operative Bank'],
  ['09', 'Santander'],
  ['11', 'Halifax'],
  ['12', 'Bank of Scotland'],
  ['16', 'Royal Bank of Scotland'],
  ['18', 'Coutts'],
  ['20', 'Barclays'],
  ['30', 'Lloyds Bank'],
  ['40', 'HSBC UK'],
  ['60', 'NatWest'],
  ['72', 'Santander'],
  ['77', 'Lloyds Bank'],
  ['80', 'Bank of Scotland'],
  ['82', 'Virgin Money'],
  ['83', 'Royal Bank of Scotland'],
  ['87', 'Lloyds Bank'],
  ['93', 'Allied Irish Bank (GB)'],
];

/** The bank a sort code belongs to, as far as the sandbox knows. */
export function findBankName(sortCode: string): string {
  const code = normaliseSortCode(sortCode);
  return BANKS.find(([prefix]) => code.startsWith(prefix))?.[1] ?? 'Your bank';
}

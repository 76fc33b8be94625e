// What erasing a customer (UK GDPR Article 17, decision 018) does to a personal value, shared by
// the modules that erase their own rows and by the flows that find a customer's contacts.

/** What replaces a personal value when a customer is erased. */
export const ERASED = 'erased';

/**
 * Keys whose values are personal data wherever they appear in stored answers and quotes (the
 * disclosure's profiles, the rating inputs, the policy versions). The car's registration stays:
 * it identifies the insured vehicle, which the insurer must keep with the contract.
 */
export const PERSONAL_KEYS: ReadonlySet<string> = new Set([
  'firstName',
  'lastName',
  'middleName',
  'fullName',
  'dateOfBirth',
  'email',
  'emailAddress',
  'phone',
  'phoneNumber',
  'mobileNumber',
  'telephone',
  'address',
  'postalCode',
  'postcode',
  'line1',
  'line2',
  'line3',
  'accountHolderName',
  'holderName',
]);

function eraseAll(value: unknown): unknown {
  if (value === null || value === undefined) return value;
  if (Array.isArray(value)) return value.map(eraseAll);
  if (typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, eraseAll(item)]));
  }
  return typeof value === 'boolean' ? value : ERASED;
}

/**
 * The same JSON with every personal value replaced by ERASED (an address object keeps its keys,
 * each value erased), so stored answers keep their shape for the code that reads them.
 */
export function anonymiseJson<T>(value: T): T {
  const walk = (item: unknown): unknown => {
    if (Array.isArray(item)) return item.map(walk);
    if (item === null || typeof item !== 'object') return item;
    return Object.fromEntries(
      Object.entries(item).map(([key, child]) => [
        key,
        PERSONAL_KEYS.has(key) && child !== null && child !== '' ? eraseAll(child) : walk(child),
      ]),
    );
  };
  return walk(value) as T;
}

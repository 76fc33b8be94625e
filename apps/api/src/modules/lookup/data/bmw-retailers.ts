import type { DataEntry } from '@motor/domain';

// Sandbox BMW retailers for the driveaway product's retailer question (a 5-digit retailer code).
// The names are fictional; the postcodes are real-format districts near where each is set. A
// later database seed may mirror these rows so retailer data can be managed without a release.

/** One BMW retailer: its 5-digit code, trading name and postcode. */
export type BmwRetailer = DataEntry & { postalCode: string };

/** The sandbox retailers. */
export const BMW_RETAILERS: readonly BmwRetailer[] = [
  { code: '10142', name: 'Thameside BMW, Reading', postalCode: 'RG2 0QX' },
  { code: '10287', name: 'Kingsway BMW, Birmingham', postalCode: 'B11 2AH' },
  { code: '10355', name: 'Northgate BMW & MINI, Manchester', postalCode: 'M17 1DF' },
  { code: '10419', name: 'Castlegate BMW, Edinburgh', postalCode: 'EH12 9DQ' },
  { code: '10533', name: 'Harbourside BMW, Bristol', postalCode: 'BS34 5TB' },
  { code: '10678', name: 'Riverside BMW & MINI, Leeds', postalCode: 'LS11 5PX' },
  { code: '10724', name: 'Westway BMW, London', postalCode: 'W4 5PY' },
  { code: '10816', name: 'Docklands BMW, London', postalCode: 'E14 9TS' },
  { code: '10951', name: 'Severn BMW, Cardiff', postalCode: 'CF11 8TW' },
  { code: '11037', name: 'Loughside BMW, Belfast', postalCode: 'BT3 9HE' },
  { code: '11184', name: 'Tyne Valley BMW & MINI, Newcastle upon Tyne', postalCode: 'NE11 9XS' },
  { code: '11290', name: 'Cathedral BMW, Norwich', postalCode: 'NR6 6NB' },
  { code: '11352', name: 'Clydebank BMW, Glasgow', postalCode: 'G81 2TH' },
];

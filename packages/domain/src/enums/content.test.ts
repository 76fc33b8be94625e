import type { EnumCase } from './enum-test-kit';
import { describeEnumerations } from './enum-test-kit';
import * as e from './content';
import * as s from './content-schemas';

const cases: EnumCase[] = [
  ['content kind', e.CONTENT_KINDS, null, ['product', 'policy', 'static']],
  [
    'document type',
    e.DOCUMENT_TYPES,
    s.DocumentTypeSchema,
    [
      'policy-certificate',
      'policy-schedule',
      'ipid',
      'policy-wording',
      'legal-ipid',
      'legal-wording',
      'business-terms',
      'no-claims-letter',
    ],
  ],
  [
    'policy document type',
    e.POLICY_DOCUMENT_TYPES,
    s.DocumentTypeSchema,
    ['policy-certificate', 'policy-schedule'],
  ],
  [
    'product document type',
    e.PRODUCT_DOCUMENT_TYPES,
    s.DocumentTypeSchema,
    ['ipid', 'policy-wording'],
  ],
  [
    'legal expenses document type',
    e.LEGAL_EXPENSES_DOCUMENT_TYPES,
    s.DocumentTypeSchema,
    ['legal-ipid', 'legal-wording'],
  ],
  ['static document type', e.STATIC_DOCUMENT_TYPES, s.DocumentTypeSchema, ['business-terms']],
  ['upload type', e.UPLOAD_TYPES, null, ['ncb-proof']],
  [
    'upload rejection code',
    e.UPLOAD_REJECTION_CODES,
    null,
    ['file-invalid-type', 'file-too-large', 'too-many-files'],
  ],
];

describeEnumerations('content enumerations', cases);

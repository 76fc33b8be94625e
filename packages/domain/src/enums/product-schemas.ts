import { z } from 'zod';
import {
  COVER_CODES,
  COVER_TYPES,
  EXCESS_ENDORSEMENT_CODES,
  INCLUDED_COVER_CODES,
  OPTIONAL_COVER_CODES,
  PRICE_OPTION_TYPES,
  PRODUCT_KINDS,
} from './product';

// The schemas of ./product.ts, kept apart so that code needing only the values (rules, the web app's
// first page) does not load zod.
export const ProductKindSchema = z.enum(PRODUCT_KINDS);
export const CoverTypeSchema = z.enum(COVER_TYPES);
export const PriceOptionTypeSchema = z.enum(PRICE_OPTION_TYPES);
export const IncludedCoverCodeSchema = z.enum(INCLUDED_COVER_CODES);
export const OptionalCoverCodeSchema = z.enum(OPTIONAL_COVER_CODES);
export const CoverCodeSchema = z.enum(COVER_CODES);
export const ExcessEndorsementCodeSchema = z.enum(EXCESS_ENDORSEMENT_CODES);

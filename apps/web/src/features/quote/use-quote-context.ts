import { useParams } from 'react-router';
import { paths } from '../../lib/paths';
import { getProductConfig, type ProductConfig } from '../../lib/brand-products';
import type { Proposal } from './api/get-proposal';

/** The product configuration of a proposal's scheme and the path builder of its pages. */
export function useQuoteContext(proposal: Proposal): {
  product: ProductConfig;
  productUrlName: string;
  /** The proposal path, or one of its sub-pages ('summary', 'disclosure/about-you'). */
  pathTo: (subPath?: string) => string;
} {
  const { productUrlName = '' } = useParams();
  const product = getProductConfig(proposal.schemeCode);
  const base = paths.proposal(productUrlName, proposal.proposalCode);
  return { product, productUrlName, pathTo: (subPath) => (subPath ? `${base}/${subPath}` : base) };
}

import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SummaryConfig } from '@motor/brand-kit';
import { CollapsibleSection } from '../../../components/ui/collapsible-section';
import { formatDate, formatPlate } from '../../../lib/format';
import type { Proposal } from '../api/get-proposal';
import {
  getPolicyholderData,
  getPolicyholderName,
  getVehicle,
  getVehicleName,
} from '../proposal-rules';
import { QuoteSection } from '../../../components/ui/quote-section';

type Fact = SummaryConfig['sections'][number]['facts'][number];

const text = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : null;

function addressText(address: unknown): string | null {
  if (typeof address !== 'object' || address === null) return null;
  const record = address as Record<string, unknown>;
  if (typeof record.label === 'string' && record.label) return record.label;
  const parts = ['line1', 'line2', 'city', 'postalCode'].map((key) => record[key]);
  return parts.filter((part) => typeof part === 'string' && part !== '').join(', ') || null;
}

/** Every fact the summary may show, as shown; null when not answered. */
function readFacts(proposal: Proposal): Record<Fact, string | null> {
  const driver = getPolicyholderData(proposal);
  const vrn = getVehicle(proposal)?.vrn;
  return {
    name: getPolicyholderName(proposal),
    dateOfBirth: typeof driver.dateOfBirth === 'string' ? formatDate(driver.dateOfBirth) : null,
    address: addressText(driver.address),
    email: text(driver.email),
    phoneNumber: text(driver.phoneNumber),
    car: getVehicleName(proposal),
    registration: vrn ? formatPlate(vrn) : null,
  };
}

/**
 * The summary's quote information (spec 2 §2) as the product's summary configuration lists it: a
 * collapsible section per disclosure page, with its facts and a link to update them there.
 */
export function SummaryDetails({
  proposal,
  summary,
  pathTo,
}: {
  proposal: Proposal;
  summary: SummaryConfig;
  pathTo: (subPath: string) => string;
}) {
  const { t } = useTranslation('quote');
  const { t: tDisclosure } = useTranslation('quote-disclosure');
  const facts = readFacts(proposal);
  return (
    <QuoteSection titleId="summary-details-title" title={t('summary.details.title')}>
      {summary.sections.map(({ section, facts: shown }) => {
        const title = tDisclosure(`sections.${section}.title`);
        return (
          <CollapsibleSection key={section} title={title} defaultOpen>
            <dl className="quote-facts">
              {shown.map((fact) => (
                <div key={fact}>
                  <dt>{t(`summary.details.${fact}`)}</dt>
                  <dd>{facts[fact] ?? '—'}</dd>
                </div>
              ))}
            </dl>
            <Link to={pathTo(`disclosure/${section}`)}>
              {t('summary.details.update', { section: title })}
            </Link>
          </CollapsibleSection>
        );
      })}
    </QuoteSection>
  );
}

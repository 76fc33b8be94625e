import { useTranslation } from 'react-i18next';
import { DocumentLinks } from '../../../components/ui/document-links';
import { QuoteSection } from '../../../components/ui/quote-section';

/** The quote's documents as links (each opens over the page in the content modal). */
export function DocumentsList({
  productUrlName,
  types,
}: {
  productUrlName: string;
  types: readonly string[];
}) {
  const { t } = useTranslation('quote');
  return (
    <QuoteSection
      titleId="quote-documents-title"
      title={t('documents.title')}
      intro={t('documents.intro')}
    >
      <DocumentLinks productUrlName={productUrlName} types={types} />
    </QuoteSection>
  );
}

import type { ReactElement } from 'react';
import { Navigate, Route, Routes, useParams } from 'react-router';
import { AdditionalDriverPage, AdditionalDriversPage } from './additional-drivers-page';
import { SectionPage } from './section-page';
import { isSectionId } from '../../../components/disclosure/sections';
import { useTrackOnce } from '../../../lib/analytics';

function Section(): ReactElement {
  const { sectionId, proposalCode } = useParams();
  useTrackOnce(
    isSectionId(sectionId) && proposalCode
      ? { name: 'disclosure_section_viewed', section: sectionId, proposalCode }
      : null,
  );
  if (!isSectionId(sectionId)) return <Navigate to="../about-you" replace />;
  if (sectionId === 'additional-drivers') return <AdditionalDriversPage />;
  return <SectionPage key={sectionId} sectionId={sectionId} />;
}

/**
 * Mounted under `disclosure/*` of a proposal: `{sectionId}` shows a section; inside additional
 * drivers, `profile/{profileCode}` edits a driver and `profile` adds one (spec 2 §2).
 */
export function DisclosureRoutes(): ReactElement {
  return (
    <Routes>
      <Route index element={<Navigate to="about-you" replace />} />
      <Route path=":sectionId" element={<Section />} />
      <Route path="additional-drivers/profile" element={<AdditionalDriverPage />} />
      <Route path="additional-drivers/profile/:profileCode" element={<AdditionalDriverPage />} />
      <Route path="*" element={<Navigate to="about-you" replace />} />
    </Routes>
  );
}

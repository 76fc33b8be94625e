// Where the policy-change pages live under a policy's root (spec 3 §2 "Management", "Excess and
// add-ons"): built in one place so links, redirects and the checkout return paths agree.

const segment = (value: string) => encodeURIComponent(value);

export type ChangeArea = 'management' | 'excess' | 'add-ons' | 'review' | 'start-date';

export function changePaths(root: string) {
  const management = `${root}/management`;
  const section = (sectionId: string) => `${management}/section/${segment(sectionId)}`;
  return {
    root,
    management,
    section,
    /** A driver of an additional-profile section; without a code, a new driver. */
    profile: (sectionId: string, profileCode?: string) =>
      profileCode === undefined
        ? `${section(sectionId)}/profile`
        : `${section(sectionId)}/profile/${segment(profileCode)}`,
    sectionReview: (sectionId: string, adjustmentId: string) =>
      `${section(sectionId)}/adjustment/${segment(adjustmentId)}`,
    excess: `${root}/excess`,
    excessReview: (adjustmentId: string) => `${root}/excess/adjustment/${segment(adjustmentId)}`,
    addOns: `${root}/add-ons`,
    addOnsReview: (adjustmentId: string) => `${root}/add-ons/adjustment/${segment(adjustmentId)}`,
    review: (adjustmentId: string) => `${root}/review/${segment(adjustmentId)}`,
    startDate: `${root}/start-date`,
    /** Returns to a saved change (the policy page's notice, the e-mail's link). */
    savedChange: (adjustmentId: string) => `${root}/saved-change/${segment(adjustmentId)}`,
  };
}

/** The result page of a review page. */
export const resultPathOf = (reviewPath: string) => `${reviewPath}/result`;

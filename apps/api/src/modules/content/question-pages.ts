import type { ContentPage } from './render';

// Help for each question of the standard disclosure set, keyed by the input's helpLink (spec 1 §7). Plain,
// short, British English: what we are asking, why, and how to answer when it is not obvious.

/** The brand's words the help needs: the makes it insures and its subscription product. */
export type QuestionPageWords = { makes: string; subscriptionName: string };

/** The help pages, in the brand's words. */
export function createQuestionPages({
  makes,
  subscriptionName,
}: QuestionPageWords): Record<string, ContentPage> {
  return {
    eligibility: {
      title: 'Who can get a quote',
      paragraphs: [
        'We can only insure right-hand-drive cars that are less than 19 years old, and drivers aged 17 to 85.',
        'If any of the statements is not true for you, we are not able to offer you cover online. Please chat to us and we will explain your options.',
      ],
    },
    'renewal-month': {
      title: 'When your current insurance renews',
      paragraphs: [
        `Tell us the month your current car insurance is due to renew, so we can remind you about ${subscriptionName} before then.`,
        'If you do not have car insurance at the moment, choose Not applicable.',
      ],
    },
    retailer: {
      title: 'Your retailer number',
      paragraphs: [
        `This is the 5-digit number of the ${makes} retailer you are collecting your car from. Your retailer will give it to you, and it is usually on your order form.`,
        'We use it to check that your car comes from an approved retailer, which is what makes Driveaway cover free.',
      ],
    },
    vehicle: {
      title: 'Finding your car',
      paragraphs: [
        'Enter the registration number and we will look up the make, model and engine for you. Check that the details we find match your car.',
        'If your new car does not have a registration number yet, choose its make, model and trim from the lists instead.',
      ],
    },
    steering: {
      title: 'Steering position',
      paragraphs: [
        'Tell us which side the steering wheel is on. Cars sold new in the UK are right-hand drive.',
        'We can only insure right-hand-drive cars.',
      ],
    },
    'number-of-seats': {
      title: 'Number of seats',
      paragraphs: [
        "Count every seat with a seat belt, including the driver's seat. Most cars have 5.",
      ],
    },
    modifications: {
      title: 'Modifications',
      paragraphs: [
        'A modification is any change to the car since it left the factory that alters its performance, looks or value, such as engine remapping, lowered suspension, body kits or aftermarket alloy wheels.',
        'Options fitted by the manufacturer or your retailer when the car was new, and equipment for a disability, do not count.',
      ],
    },
    'purchase-type': {
      title: 'How you bought the car',
      paragraphs: [
        `New means bought from new. Approved Used means bought through the ${makes} Approved Used programme. Choose Used for any other second-hand car.`,
      ],
    },
    'estimated-value': {
      title: "Your car's value",
      paragraphs: [
        'Tell us roughly what your car would sell for today, in whole pounds. For a new car, use the price you paid including options.',
        'If the car is written off, we pay its market value at the time, not the figure you give here, so there is no benefit in over-estimating.',
      ],
    },
    trackerFitted: {
      title: 'Tracking devices',
      paragraphs: [
        'A tracker is a device that lets the police find your car if it is stolen. Many new cars have one fitted at the factory.',
        'Answer yes only if a tracking system is fitted and, where it needs one, the subscription is active.',
      ],
    },
    'registered-keeper': {
      title: 'The registered keeper',
      paragraphs: [
        "The registered keeper is the person or company named on the car's V5C logbook as responsible for it. It is not always the owner.",
      ],
    },
    'legal-owner': {
      title: 'The legal owner',
      paragraphs: [
        'The legal owner is whoever the car belongs to. If you are paying for it through a lease or contract hire, the leasing company usually owns it until the agreement ends.',
        'If you bought it outright or with a loan in your name, you are normally the owner.',
      ],
    },
    'usage-start': {
      title: 'When you started using the car',
      paragraphs: [
        'Give the month and year you bought the car or started driving it. For a car you have not collected yet, use the month you will collect it.',
        'Your cover cannot start before this month.',
      ],
    },
    usage: {
      title: 'How the car is used',
      paragraphs: [
        'Social, domestic and pleasure covers everyday driving such as shopping, visiting friends and holidays.',
        'Add commuting if you drive to and from one regular place of work or study. Choose business use if you, or someone insured, drives for work, for example to visit clients or other sites.',
      ],
    },
    'annual-mileage': {
      title: 'Miles a year',
      paragraphs: [
        'Estimate how many miles the car will be driven over the next 12 months by everyone insured. The UK average is around 7,000 miles.',
        'If you are not sure, look at past MOT certificates or service records.',
      ],
    },
    'overnight-location': {
      title: 'Where the car is kept overnight',
      paragraphs: [
        'Tell us where the car is usually parked at night. If it changes, choose the place it is kept most often.',
      ],
    },
    'no-claims-discount': {
      title: 'No claims discount',
      paragraphs: [
        'Your no claims discount (NCD), also called a no claims bonus, is the number of years you have held car insurance in your own name without making a claim.',
        "You will find it on your last renewal notice. Years earned as a named driver on someone else's policy do not count. We may ask you for proof.",
      ],
    },
    'no-claims-discount-type': {
      title: 'Where you earned your no claims discount',
      paragraphs: [
        'Choose Private if you earned it on your own car insurance policy, or Company if you earned it driving a company car.',
      ],
    },
    'date-of-birth': {
      title: 'Date of birth',
      paragraphs: [
        'Enter the date of birth exactly as it appears on the driving licence. Drivers must be between 17 and 85 years old.',
      ],
    },
    address: {
      title: 'Home address',
      paragraphs: [
        'Enter the postcode of the address where you live and keep the car, then choose your address from the list. We can only insure addresses in the UK.',
      ],
    },
    'home-ownership': {
      title: 'Your home',
      paragraphs: [
        'Tell us whether you own your home (with or without a mortgage), rent it, or live with your family.',
      ],
    },
    'marital-status': {
      title: 'Marital status',
      paragraphs: ['Choose the option that describes the driver today.'],
    },
    'employment-status': {
      title: 'Employment status',
      paragraphs: [
        'Choose the option that describes the main work of this driver. If they have more than one job, tell us about the one with the most hours.',
      ],
    },
    occupation: {
      title: 'Occupation',
      paragraphs: [
        'Type at least 3 letters of the job title and choose the closest match from the list. If you cannot find it, try a similar title.',
      ],
    },
    industry: {
      title: 'Industry',
      paragraphs: [
        'Type at least 3 letters of the business your employer is in (or your own business, if you are self-employed) and choose the closest match.',
      ],
    },
    bankrupt: {
      title: 'Bankruptcy',
      paragraphs: [
        'Answer yes if this driver has ever been declared bankrupt and has not yet been discharged, or is in an individual voluntary arrangement (IVA).',
      ],
    },
    unsatisfiedCCJs: {
      title: 'County court judgments',
      paragraphs: [
        'A county court judgment (CCJ) is a court order to repay a debt. Answer yes if this driver has a CCJ that has not been paid off in full.',
      ],
    },
    unspentCriminalConvictions: {
      title: 'Criminal convictions',
      paragraphs: [
        'Tell us about any criminal conviction that is not yet spent under the Rehabilitation of Offenders Act 1974. Do not include driving offences here: we ask about those separately.',
      ],
    },
    previouslyRefusedInsurance: {
      title: 'Refused insurance',
      paragraphs: [
        'Answer yes if an insurer has ever refused to insure this driver, cancelled their policy, or refused to renew it, or if special terms were applied to their insurance.',
      ],
    },
    'licence-type': {
      title: 'Driving licence type',
      paragraphs: [
        'Choose the licence the driver holds now. A UK full licence lets you drive manual and automatic cars. An automatic-only licence is shown as code 78 on the licence card.',
      ],
    },
    'licence-valid-from': {
      title: 'When the licence was issued',
      paragraphs: [
        'Give the date the driver passed their test for this type of licence. On a UK photocard it is in section 10 next to category B.',
        'If you have held your licence for less than a year, an extra £50 excess applies to claims while you are driving.',
      ],
    },
    convictions: {
      title: 'Motoring convictions',
      paragraphs: [
        'Tell us about any motoring conviction, endorsement or fixed penalty from the last 5 years, even if the points have since been removed from the licence.',
        'Enter the offence code (for example SP30 for speeding) and the date of the offence. You can check your codes at gov.uk/view-driving-licence.',
      ],
    },
    claims: {
      title: 'Claims and incidents',
      paragraphs: [
        'Tell us about any accident, theft, fire, vandalism or windscreen claim in the last 5 years involving this driver, whether or not it was their fault and whether or not a claim was made.',
        'For each one, say whether it affected the no claims discount.',
      ],
    },
    'use-of-other-car': {
      title: 'Access to other cars',
      paragraphs: [
        "Tell us whether this driver owns or regularly drives another car, for example a second car of their own, a company car or a car on someone else's policy.",
      ],
    },
    dvlaUnawareOfMedicalCondition: {
      title: 'Medical conditions and the DVLA',
      paragraphs: [
        'Some medical conditions, such as epilepsy, diabetes treated with insulin or some heart and eye conditions, must be reported to the DVLA.',
        'Answer yes if this driver has such a condition and has not told the DVLA. You can check the list at gov.uk/health-conditions-and-driving.',
      ],
    },
    advisedByDoctorNotToDrive: {
      title: 'Medical advice not to drive',
      paragraphs: [
        'Answer yes if a doctor or other medical professional has told this driver not to drive, and that advice still applies.',
      ],
    },
    bannedOrDisqualified: {
      title: 'Driving bans',
      paragraphs: [
        'Answer yes if this driver has been banned or disqualified from driving in the last 5 years.',
      ],
    },
    email: {
      title: 'Your e-mail address',
      paragraphs: [
        'We send your quote, policy documents and important updates to this address, and you use it to sign in. Check it carefully.',
      ],
    },
    'phone-number': {
      title: 'Your phone number',
      paragraphs: [
        'We only call if we need to talk to you about your quote or policy, for example after a claim. A UK mobile or landline number is fine.',
      ],
    },
    relationship: {
      title: 'Relationship to you',
      paragraphs: [
        'Tell us how this driver is related to you, the policyholder. You can add up to 4 other drivers.',
      ],
    },
    'start-date': {
      title: 'When your cover starts',
      paragraphs: [
        'Cover can start today or on any day up to 30 days from now, but not before the month you start using the car.',
        'If your quote expires before you buy, you can choose a new start date and we will update the price.',
      ],
    },
    'voluntary-excess': {
      title: 'Voluntary excess',
      paragraphs: [
        'The excess is the amount you pay towards a claim. Your voluntary excess is added to the compulsory excess, so choosing a higher one can lower your price.',
        'Only choose an amount you could afford to pay if you needed to claim. Drivers under 25 have an extra £150 excess, and drivers who have held their licence for under a year an extra £50.',
      ],
    },
    'optional-covers/ncb_protection': {
      title: 'No claims discount protection',
      paragraphs: [
        'Protects your no claims discount so that it is not reduced if you make a claim. You need at least 4 years of no claims discount to add it.',
        'It does not stop your price going up after a claim.',
      ],
    },
    'optional-covers/legal_expenses': {
      title: 'Motor legal expenses',
      paragraphs: [
        "Covers up to £100,000 of legal costs to recover losses that are not your fault and are not covered by your policy, such as your excess, loss of earnings or personal injury compensation. There's no excess to pay.",
      ],
    },
  };
}

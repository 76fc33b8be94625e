// DVLA endorsement codes and penalty points, from GOV.UK "Penalty points (endorsements)"
// (https://www.gov.uk/penalty-points-endorsements/endorsement-codes-and-penalty-points),
// Crown copyright, used under the Open Government Licence v3.0.
// Codes for aiding, abetting, counselling or procuring (0 → 2, e.g. LC22), causing or permitting
// (0 → 4, e.g. LC24) and inciting (0 → 6, e.g. DD46) an offence are not listed separately.

/** One DVLA endorsement code with its penalty points (null: no points, e.g. TT99). */
export type DrivingConviction = {
  code: string;
  name: string;
  minPoints: number | null;
  maxPoints: number | null;
};

/** The endorsement code families, by the first two letters of the code. */
export const DRIVING_CONVICTION_FAMILIES = {
  AC: 'Accident offences',
  BA: 'Disqualified driver',
  CD: 'Careless driving',
  CU: 'Construction and use offences',
  DD: 'Dangerous driving',
  DG: 'Drug driving',
  DR: 'Drink driving',
  IN: 'Insurance offences',
  LC: 'Licence offences',
  MS: 'Miscellaneous offences',
  MW: 'Motorway offences',
  PC: 'Pedestrian crossings',
  SP: 'Speed limits',
  TS: 'Traffic direction and signs',
  TT: 'Special code (totting up)',
  UT: 'Theft or unauthorised taking',
} as const;

const conviction = (
  code: string,
  name: string,
  minPoints: number | null,
  maxPoints: number | null = minPoints,
): DrivingConviction => ({ code, name, minPoints, maxPoints });

/** Every DVLA endorsement code of the GOV.UK list. */
export const DRIVING_CONVICTIONS: readonly DrivingConviction[] = [
  conviction('AC10', 'Failing to stop after an accident', 5, 10),
  conviction('AC20', 'Failing to give particulars or report an accident within 24 hours', 5, 10),
  conviction('AC30', 'Undefined accident offences', 4, 9),

  conviction('BA10', 'Driving while disqualified by order of court', 6),
  conviction('BA30', 'Attempting to drive while disqualified by order of court', 6),
  conviction('BA40', 'Causing death by driving while disqualified', 3, 11),
  conviction('BA60', 'Causing serious injury by driving while disqualified', 3, 11),

  conviction('CD10', 'Driving without due care and attention', 3, 9),
  conviction('CD20', 'Driving without reasonable consideration for other road users', 3, 9),
  conviction(
    'CD30',
    'Driving without due care and attention or without reasonable consideration for other road users',
    3,
    9,
  ),
  conviction('CD40', 'Causing death through careless driving when unfit through drink', 3, 11),
  conviction('CD50', 'Causing death by careless driving when unfit through drugs', 3, 11),
  conviction('CD60', 'Causing death by careless driving with alcohol level above the limit', 3, 11),
  conviction(
    'CD70',
    'Causing death by careless driving then failing to supply a specimen for alcohol analysis',
    3,
    11,
  ),
  conviction('CD80', 'Causing death by careless, or inconsiderate, driving', 3, 11),
  conviction(
    'CD90',
    'Causing death by driving: unlicensed, disqualified or uninsured drivers',
    3,
    11,
  ),

  conviction('CU10', 'Using a vehicle with defective brakes', 3),
  conviction(
    'CU20',
    'Causing or likely to cause danger by reason of use of unsuitable vehicle or using a vehicle with parts or accessories (excluding brakes, steering or tyres) in a dangerous condition',
    3,
  ),
  conviction('CU30', 'Using a vehicle with defective tyre(s)', 3),
  conviction('CU40', 'Using a vehicle with defective steering', 3),
  conviction('CU50', 'Causing or likely to cause danger by reason of load or passengers', 3),
  conviction(
    'CU80',
    'Breach of requirements as to control of the vehicle, such as using a mobile phone',
    3,
    6,
  ),

  conviction('DD10', 'Causing serious injury by dangerous driving', 3, 11),
  conviction('DD40', 'Dangerous driving', 3, 11),
  conviction('DD60', 'Manslaughter or culpable homicide while driving a vehicle', 3, 11),
  conviction('DD80', 'Causing death by dangerous driving', 3, 11),
  conviction('DD90', 'Furious driving', 3, 9),

  conviction(
    'DG10',
    'Driving or attempting to drive with drug level above the specified limit',
    3,
    11,
  ),
  conviction('DG40', 'In charge of a vehicle while drug level above specified limit', 10),
  conviction('DG60', 'Causing death by careless driving with drug level above the limit', 3, 11),

  conviction('DR10', 'Driving or attempting to drive with alcohol level above limit', 3, 11),
  conviction('DR20', 'Driving or attempting to drive while unfit through drink', 3, 11),
  conviction(
    'DR30',
    'Driving or attempting to drive then failing to supply a specimen for analysis',
    3,
    11,
  ),
  conviction(
    'DR31',
    'Driving or attempting to drive then refusing to give permission for analysis of a blood sample that was taken without consent due to incapacity',
    3,
    11,
  ),
  conviction('DR40', 'In charge of a vehicle while alcohol level above limit', 10),
  conviction('DR50', 'In charge of a vehicle while unfit through drink', 10),
  conviction(
    'DR60',
    'Failure to provide a specimen for analysis in circumstances other than driving or attempting to drive',
    10,
  ),
  conviction(
    'DR61',
    'Refusing to give permission for analysis of a blood sample that was taken without consent due to incapacity in circumstances other than driving or attempting to drive',
    10,
  ),
  conviction('DR70', 'Failing to co-operate with a preliminary test', 4),
  conviction('DR80', 'Driving or attempting to drive when unfit through drugs', 3, 11),
  conviction('DR90', 'In charge of a vehicle when unfit through drugs', 10),

  conviction('IN10', 'Using a vehicle uninsured against third party risks', 6, 8),

  conviction('LC20', 'Driving otherwise than in accordance with a licence', 3, 6),
  conviction(
    'LC30',
    'Driving after making a false declaration about fitness when applying for a licence',
    3,
    6,
  ),
  conviction('LC40', 'Driving a vehicle having failed to notify a disability', 3, 6),
  conviction(
    'LC50',
    'Driving after a licence has been cancelled (revoked) or refused on medical grounds',
    3,
    6,
  ),

  conviction('MS10', 'Leaving a vehicle in a dangerous position', 3),
  conviction('MS20', 'Unlawful pillion riding', 3),
  conviction('MS30', 'Play street offences', 2),
  conviction('MS50', 'Motor racing on the highway', 3, 11),
  conviction(
    'MS60',
    'Offences not covered by other codes (including offences relating to breach of requirements as to control of vehicle)',
    3,
  ),
  conviction('MS70', 'Driving with uncorrected defective eyesight', 3),
  conviction('MS80', 'Refusing to submit to an eyesight test', 3),
  conviction('MS90', 'Failure to give information as to identity of driver etc', 6),

  conviction('MW10', 'Contravention of special roads regulations (excluding speed limits)', 3),

  conviction('PC10', 'Undefined contravention of pedestrian crossing regulations', 3),
  conviction('PC20', 'Contravention of pedestrian crossing regulations with moving vehicle', 3),
  conviction('PC30', 'Contravention of pedestrian crossing regulations with stationary vehicle', 3),

  conviction('SP10', 'Exceeding goods vehicle speed limits', 3, 6),
  conviction(
    'SP20',
    'Exceeding speed limit for type of vehicle (excluding goods or passenger vehicles)',
    3,
    6,
  ),
  conviction('SP30', 'Exceeding statutory speed limit on a public road', 3, 6),
  conviction('SP40', 'Exceeding passenger vehicle speed limit', 3, 6),
  conviction('SP50', 'Exceeding speed limit on a motorway', 3, 6),

  conviction('TS10', 'Failing to comply with traffic light signals', 3),
  conviction('TS20', 'Failing to comply with double white lines', 3),
  conviction('TS30', "Failing to comply with 'stop' sign", 3),
  conviction('TS40', 'Failing to comply with direction of a constable/warden', 3),
  conviction(
    'TS50',
    "Failing to comply with traffic sign (excluding 'stop' signs, traffic lights or double white lines)",
    3,
  ),
  conviction('TS60', 'Failing to comply with a school crossing patrol sign', 3),
  conviction('TS70', 'Undefined failure to comply with a traffic direction sign', 3),

  conviction(
    'TT99',
    'To signify a disqualification under totting-up procedure (12 or more points within 3 years)',
    null,
  ),

  conviction('UT50', 'Aggravated taking of a vehicle', 3, 11),
];

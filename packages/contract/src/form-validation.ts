import { z } from 'zod';

// Server validation of one disclosure form (spec 3 §5 "Dynamic forms": a section calls a server
// validation; §7 validateForm: POST form/validation/{form}, data → success and errors list).

/** Answers keyed by input name: dotted names nest (drivingLicence.validFrom), loops are arrays. */
const FormAnswersSchema = z.record(z.string().max(100), z.unknown());

/**
 * `{form}`: one of the product's disclosure forms — quote, asset (the car), profile (the
 * policyholder), additionalProfile (a named driver), startDate, voluntaryExcess.
 */
export const FormValidationParamsSchema = z.object({ form: z.string().min(1).max(60) });

export const FormValidationRequestSchema = z
  .object({
    /** The product whose form it is (its inputs, conditions and messages). */
    schemeCode: z.string().min(1).max(60),
    /** The form's answers, as the form holds them. */
    data: FormAnswersSchema,
    /**
     * Other disclosures the form's cross-field rules read: the policyholder's answers
     * (`profile`: the NCD against their date of birth) and the car's (`asset`: a start date
     * against its usage start).
     */
    related: z
      .object({ profile: FormAnswersSchema.optional(), asset: FormAnswersSchema.optional() })
      .default({}),
    /**
     * The form changes a bound policy: inputs read-only there (name, date of birth, NCD, the car,
     * claims; by who is asking, spec 3 §6) are not checked, as the form does not let them change.
     * False on a quote, and for a driver being added (nothing stored yet to protect).
     */
    isPolicy: z.boolean().default(false),
  })
  .meta({
    id: 'FormValidationRequest',
    // A named driver's answers, with their licence issued before they were born.
    example: {
      schemeCode: 'bmw-flex',
      data: {
        relationshipToInsured: 'SpousePartner',
        firstName: 'Sam',
        lastName: 'Smith',
        dateOfBirth: '1987-09-20',
        maritalStatus: 'Married',
        employmentStatus: 'RE',
        drivingLicence: { licenceType: 'UKFull', validFrom: '1986-01-10', convictions: [] },
        vehicleClaimsHistory: [],
      },
      related: {},
      isPolicy: true,
    },
  });
export type FormValidationRequest = z.input<typeof FormValidationRequestSchema>;

const FormValidationErrorSchema = z.object({
  /** The input's name, as in the form (dot path; a loop row's field as `loop.index.field`). */
  path: z.string(),
  /** The text the form shows under that input. */
  message: z.string(),
});

/** The outcome: success, or every error in the order of the form's questions. */
export const FormValidationResponseSchema = z
  .object({ success: z.boolean(), errors: z.array(FormValidationErrorSchema) })
  .meta({ id: 'FormValidationResult' });
export type FormValidationResponse = z.infer<typeof FormValidationResponseSchema>;

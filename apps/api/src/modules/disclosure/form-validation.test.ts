import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/use-test-app';
import { bearer } from '../identity/test-tokens';
import { ADDITIONAL_DRIVER_ANSWERS, CAR_ANSWERS, DRIVER_ANSWERS } from '../proposal/fixtures';

// POST /api/form/validation/{form} (spec 3 §5 "Dynamic forms": a section calls a server
// validation; §7 validateForm: data → success and errors). The messages are the brand's input
// definitions' (packages/brand-kit uk-motor-disclosure-inputs.ts) and the form engine's defaults
// (packages/forms validation-messages.ts): the very texts the browser form shows.

const SCHEME = 'bmw-flex';

/** A policyholder's complete "About you" answers. */
const POLICYHOLDER = {
  ...DRIVER_ANSWERS,
  phoneNumber: '+447700900123',
  marketingPreferences: { email: false, phone: false, sms: false },
};

/** A named driver's complete answers. */
const NAMED_DRIVER = {
  ...ADDITIONAL_DRIVER_ANSWERS,
  maritalStatus: 'Married',
  employmentStatus: 'RE',
  bankrupt: false,
  unsatisfiedCCJs: false,
  unspentCriminalConvictions: false,
  previouslyRefusedInsurance: false,
  useOfOtherCar: 'NoAccessToOtherCars',
  dvlaUnawareOfMedicalCondition: false,
  advisedByDoctorNotToDrive: false,
};

const without = (answers: Record<string, unknown>, ...names: string[]) =>
  Object.fromEntries(Object.entries(answers).filter(([name]) => !names.includes(name)));

describe('POST /api/form/validation/{form}', () => {
  const suite = useTestApp({ at: '2026-03-02T09:00:00.000Z', seed: true });
  let customer: Record<string, string>;
  let staff: Record<string, string>;
  let session: Record<string, string>;
  /** The car's answers as a policy holds them: the vehicle with the catalogue's specification. */
  let car: Record<string, unknown>;

  beforeAll(async () => {
    customer = await suite.customer('form-validation-customer');
    staff = await suite.staff([], { userId: 'form-validation-staff' });
    const anonymous = await suite.app.inject({ method: 'POST', url: '/api/session' });
    session = bearer(anonymous.json<{ accessToken: string }>().accessToken);
    const specification = await suite.app.providers.vehicleLookup.findVehicleByRegistration(
      CAR_ANSWERS.vehicle.vrn,
    );
    car = {
      ...CAR_ANSWERS,
      vehicle: { vrn: specification!.vrn, regLookup: true, specification },
    };
  });

  const validate = (form: string, payload: object, headers = customer) =>
    suite.app.inject({ method: 'POST', url: `/api/form/validation/${form}`, headers, payload });

  /** Row count and md5 of every table, by name. */
  async function checksumTables(): Promise<Record<string, string>> {
    const query = async <Row>(text: string) =>
      ((await suite.app.db.execute(sql.raw(text))) as unknown as { rows: Row[] }).rows;
    const tables = await query<{ table_name: string }>(
      `select table_name from information_schema.tables
       where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    );
    const sums = await query<{ name: string; sum: string }>(
      tables
        .map(
          ({ table_name: name }) =>
            `select '${name}' as name, count(*)::text || ':' || coalesce(md5(string_agg(t::text, E'\\n' order by t::text)), '') as sum from "${name}" t`,
        )
        .join(' union all '),
    );
    return Object.fromEntries(sums.map((row) => [row.name, row.sum]));
  }

  it('answers success with no errors for a complete section, as a customer, staff or a quote session', async () => {
    for (const [form, data, headers] of [
      ['profile', POLICYHOLDER, customer],
      ['profile', POLICYHOLDER, staff],
      ['additionalProfile', NAMED_DRIVER, customer],
      ['asset', car, session],
    ] as const) {
      const res = await validate(form, { schemeCode: SCHEME, data, isPolicy: true }, headers);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ success: true, errors: [] });
    }
  });

  it('says which required answers are missing, in the order of the questions', async () => {
    const res = await validate('profile', {
      schemeCode: SCHEME,
      data: without(POLICYHOLDER, 'email', 'maritalStatus', 'address'),
      isPolicy: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: false,
      errors: [
        { path: 'address', message: 'Please find and choose your address' },
        { path: 'maritalStatus', message: 'Please choose an answer' },
        { path: 'email', message: 'Please enter your e-mail address' },
      ],
    });
  });

  it('gives the range messages of the brand inputs', async () => {
    const res = await validate('asset', {
      schemeCode: SCHEME,
      data: { ...car, annualMileage: 1_000_000, usageStartYearMonth: '1938-12' },
      isPolicy: true,
    });
    expect(res.json()).toEqual({
      success: false,
      errors: [
        { path: 'usageStartYearMonth', message: 'The year must be 1939 or later' },
        { path: 'annualMileage', message: 'Please enter fewer than 1,000,000 miles' },
      ],
    });
    const young = await validate('additionalProfile', {
      schemeCode: SCHEME,
      data: { ...NAMED_DRIVER, dateOfBirth: '2010-01-01', drivingLicence: undefined },
    });
    expect(young.json().errors).toEqual([
      { path: 'dateOfBirth', message: 'Drivers must be at least 17 years old' },
      { path: 'drivingLicence.licenceType', message: 'Please choose an answer' },
      { path: 'drivingLicence.validFrom', message: 'Please answer this question' },
      {
        path: 'drivingLicence.convictions',
        message: 'Please tell us about any motoring convictions in the last 5 years',
      },
    ]);
  });

  it('gives the format messages: e-mail, phone, dates, loop rows', async () => {
    const res = await validate('profile', {
      schemeCode: SCHEME,
      data: {
        ...POLICYHOLDER,
        email: 'jane.smith@',
        phoneNumber: '+4412',
        drivingLicence: {
          licenceType: 'UKFull',
          validFrom: '2004-02-30',
          convictions: [{ code: 'SP30', date: '2019-01-01' }],
        },
      },
      isPolicy: true,
    });
    expect(res.json()).toEqual({
      success: false,
      errors: [
        { path: 'drivingLicence.validFrom', message: 'Enter a real date' },
        {
          path: 'drivingLicence.convictions.0.date',
          message: 'Only tell us about the last 5 years',
        },
        { path: 'email', message: 'Please enter a valid e-mail address' },
        { path: 'phoneNumber', message: 'Please enter a valid UK phone number' },
      ],
    });
  });

  it('asks for an input only when its condition holds', async () => {
    const notWorking = { ...POLICYHOLDER, employmentStatus: 'NIW' };
    const asked = await validate('profile', { schemeCode: SCHEME, data: notWorking });
    // Not working: the sub-status is asked, occupation and industry are not (so not checked).
    expect(asked.json()).toEqual({
      success: false,
      errors: [{ path: 'nonWorkingStatus', message: 'Please choose an answer' }],
    });
    const answered = await validate('profile', {
      schemeCode: SCHEME,
      data: { ...notWorking, nonWorkingStatus: 'NE', occupation: undefined, industry: undefined },
    });
    expect(answered.json()).toEqual({ success: true, errors: [] });
    // Employed: occupation and industry are asked.
    const employed = await validate('profile', {
      schemeCode: SCHEME,
      data: without(POLICYHOLDER, 'occupation', 'industry'),
    });
    expect(employed.json().errors).toEqual([
      {
        path: 'occupation',
        message: 'Please search for an occupation and choose it from the list',
      },
      { path: 'industry', message: 'Please search for an industry and choose it from the list' },
    ]);
  });

  it('checks cross-field rules against the related answers sent', async () => {
    // Five years of no-claims discount cannot be held by a driver who turned 16 two years ago.
    const res = await validate('asset', {
      schemeCode: SCHEME,
      data: car,
      related: { profile: { dateOfBirth: '2008-01-01' } },
    });
    expect(res.json()).toEqual({
      success: false,
      errors: [
        {
          path: 'noClaimsDiscount',
          message: "That's more years than you could have held a licence",
        },
      ],
    });
    const startDate = await validate('startDate', {
      schemeCode: SCHEME,
      data: { startDate: '2026-03-10' },
      related: { asset: { usageStartYearMonth: '2026-04' } },
    });
    expect(startDate.json().errors).toEqual([
      { path: 'startDate', message: "Cover can't start before you start using the car" },
    ]);
  });

  it("skips a policy's read-only answers for a customer, not for staff", async () => {
    const data = { ...without(POLICYHOLDER, 'dateOfBirth'), firstName: 'J' };
    const asCustomer = await validate('profile', { schemeCode: SCHEME, data, isPolicy: true });
    expect(asCustomer.json()).toEqual({ success: true, errors: [] });
    const asStaff = await validate('profile', { schemeCode: SCHEME, data, isPolicy: true }, staff);
    expect(asStaff.json().errors).toEqual([
      { path: 'firstName', message: 'A first name needs at least 2 characters' },
      { path: 'dateOfBirth', message: 'Please answer this question' },
    ]);
    // Off a policy (a quote, a driver being added) they are everybody's to answer.
    const onQuote = await validate('profile', { schemeCode: SCHEME, data }, session);
    expect(onQuote.json().errors).toHaveLength(2);
  });

  it('runs the checks a saved change gets after the brand rules: lookups and the catalogue', async () => {
    const res = await validate('profile', {
      schemeCode: SCHEME,
      data: { ...POLICYHOLDER, occupation: { code: 'O999999', name: 'Astronaut' } },
    });
    expect(res.json()).toEqual({
      success: false,
      errors: [{ path: 'occupation', message: 'We could not find that occupation' }],
    });
    const unknownCar = await validate(
      'asset',
      {
        schemeCode: SCHEME,
        data: { ...car, vehicle: { ...(car.vehicle as object), vrn: 'ZZ99 ZZZ' } },
        isPolicy: true,
      },
      staff,
    );
    expect(unknownCar.json().errors).toEqual([
      { path: 'vehicle', message: 'We could not find a vehicle with that registration.' },
    ]);
  });

  it('answers 404 for a form the product does not have, 400 for an unknown product', async () => {
    const unknown = await validate('claims', { schemeCode: SCHEME, data: {} });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toMatchObject({
      code: 'NOT_FOUND',
      message: "There is no form called 'claims'.",
    });
    const prototype = await validate('constructor', { schemeCode: SCHEME, data: {} });
    expect(prototype.statusCode).toBe(404);
    const product = await validate('profile', { schemeCode: 'no-such-scheme', data: {} });
    expect(product.statusCode).toBe(400);
    expect(product.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'There is no such product.',
      details: {
        fields: [{ in: 'body', path: 'schemeCode', message: 'Choose one of our products' }],
      },
    });
  });

  it('refuses a malformed body with 400', async () => {
    for (const payload of [
      { schemeCode: SCHEME },
      { schemeCode: SCHEME, data: 'firstName=Jane' },
      { schemeCode: SCHEME, data: [] },
      { schemeCode: SCHEME, data: {}, isPolicy: 'yes' },
      { data: {} },
    ]) {
      const res = await validate('profile', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
    const json = await suite.app.inject({
      method: 'POST',
      url: '/api/form/validation/profile',
      headers: { ...customer, 'content-type': 'application/json' },
      payload: '{"schemeCode":',
    });
    expect(json.statusCode).toBe(400);
  });

  it('is in the OpenAPI document, its example a driver licensed before birth', async () => {
    const document = (await suite.app.inject({ url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, Record<string, unknown>>>;
      components: { schemas: Record<string, { example?: object }> };
    }>();
    const operation = document.paths['/api/form/validation/{form}']?.post as {
      tags: string[];
      summary: string;
      'x-access': string[];
      requestBody: { content: { 'application/json': { schema: { $ref?: string } } } };
    };
    expect(operation.tags).toEqual(['forms']);
    expect(operation.summary).toBeTruthy();
    expect(operation['x-access']).toEqual(['anonymous', 'customer', 'admin']);
    // The request schema has defaults, so the document names its input side.
    const reference = operation.requestBody.content['application/json'].schema.$ref ?? '';
    expect(reference).toBe('#/components/schemas/FormValidationRequestInput');
    const example = document.components.schemas.FormValidationRequestInput?.example ?? {};
    const res = await validate('additionalProfile', example);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().errors).toEqual(
      expect.arrayContaining([
        {
          path: 'drivingLicence.validFrom',
          message: 'A licence must be issued after the date of birth',
        },
      ]),
    );
  });

  it('needs a session: no token answers 401', async () => {
    const res = await validate('profile', { schemeCode: SCHEME, data: {} }, {});
    expect(res.statusCode).toBe(401);
  });

  it('stores nothing', async () => {
    const before = await checksumTables();
    await validate('profile', { schemeCode: SCHEME, data: POLICYHOLDER, isPolicy: true });
    await validate('profile', { schemeCode: SCHEME, data: {}, isPolicy: true });
    await validate('asset', { schemeCode: SCHEME, data: car }, staff);
    expect(await checksumTables()).toEqual(before);
  });
});

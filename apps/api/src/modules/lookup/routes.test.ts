import Fastify from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixedClock } from '@motor/domain';
import { errorHandlerPlugin } from '../../plugins/app/error-handler';
import { createSandboxAddressLookup } from '../../providers/address-lookup/sandbox';
import { bmwBrand } from '@motor/brand-bmw';
import { parseVehicleCatalogue } from '../../providers/vehicle-lookup';
import { createSandboxVehicleLookup } from '../../providers/vehicle-lookup/sandbox';
import type { DatabaseHandle } from '../../db/client';
import { seedDemoData } from '../../db/seed';
import { TEST_BRANDS } from '../../test/test-brands';
import { createTestDatabase } from '../../test/test-app';
import { lookupRoutes, VEHICLE_NOT_FOUND_MESSAGE } from './routes';

// A bare Fastify with the app's validator, serializer and error handler, the plugin mounted
// where the app will mount it, on a seeded test database (retailers are its rows).
async function buildLookupApp(database: DatabaseHandle) {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(errorHandlerPlugin);
  await app.register(lookupRoutes, {
    prefix: '/api/lookup',
    db: database.db,
    vehicleLookup: createSandboxVehicleLookup({
      catalogue: parseVehicleCatalogue(bmwBrand.vehicleCatalogue),
      clock: createFixedClock('2026-01-15T09:00:00Z'),
    }),
    addressLookup: createSandboxAddressLookup(),
    // Counted (rate-limits.test.ts pins the 429); far more than these tests make.
    limits: { perClient: 10_000, perSession: 10_000 },
    clock: createFixedClock('2026-01-15T09:00:00Z'),
  });
  await app.ready();
  return app;
}

describe('lookup routes', () => {
  let app: Awaited<ReturnType<typeof buildLookupApp>>;
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemoData(database.db, TEST_BRANDS);
    app = await buildLookupApp(database);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const get = (url: string) => app.inject({ method: 'GET', url: `/api/lookup${url}` });

  it('GET /vehicles/:vrn answers the vehicle, ignoring case and spaces', async () => {
    const response = await get(`/vehicles/${encodeURIComponent('bm24 xyz')}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      make: 'BMW',
      model: '3 Series',
      vehicleCode: 'BMW-G20-320I-MSPORT',
      vrn: 'BM24XYZ',
      regLookup: true,
      year: 2024,
      insuranceGroup: 30,
      steering: 'RHD',
    });
  });

  it('GET /vehicles/:vrn answers 404 NOT_FOUND for an unknown registration', async () => {
    const response = await get('/vehicles/ZZ99ZZZ');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({
      error: { code: 'NOT_FOUND', message: VEHICLE_NOT_FOUND_MESSAGE },
    });
  });

  it('GET /vehicles/makes narrows by year', async () => {
    expect((await get('/vehicles/makes')).json()).toEqual([{ make: 'BMW' }, { make: 'MINI' }]);
    expect((await get('/vehicles/makes?year=1999')).json()).toEqual([]);
  });

  it('GET /vehicles/models narrows by make and year; 400 without a make', async () => {
    const response = await get('/vehicles/models?make=MINI&year=2022');
    expect(response.statusCode).toBe(200);
    expect(response.json().map((m: { model: string }) => m.model)).toEqual([
      'Countryman',
      'Electric',
      'Hatch',
    ]);
    expect((await get('/vehicles/models?make=MINI&year=2012')).json()).toEqual([]);
    expect((await get('/vehicles/models?year=2022')).statusCode).toBe(400);
    expect((await get('/vehicles/models?make=BMW&year=twenty')).statusCode).toBe(400);
  });

  it('GET /vehicles/specifications answers the trims of one model in a year', async () => {
    const response = await get('/vehicles/specifications?make=BMW&model=M3&year=2021');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      expect.objectContaining({ vehicleCode: 'BMW-G80-M3-COMP', year: 2021, regLookup: false }),
    ]);
  });

  it('GET /data/:table searches a table, with its minimum characters', async () => {
    const response = await get('/data/DrivingConvictions?query=sp30');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { code: 'SP30', name: 'Exceeding statutory speed limit on a public road' },
    ]);
    expect((await get('/data/OccupationABI?query=te')).json()).toEqual([]);
    expect((await get('/data/OccupationABI?query=teacher')).json()).toEqual([
      { code: expect.any(String), name: 'Teacher' },
    ]);
    expect((await get('/data/BMWRetailers?query=10231')).json()).toEqual([
      { code: '10231', name: 'Aldgate BMW London City' },
    ]);
    expect((await get('/data/Industry')).json()).toEqual([]);
  });

  it('GET /data/:table answers 400 for an unknown table', async () => {
    const response = await get('/data/Colours?query=red');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
  });

  it('GET /addresses searches by postcode, with or without a space, and by text', async () => {
    const withSpace = await get(`/addresses?query=${encodeURIComponent('SW1A 2AA')}`);
    expect(withSpace.statusCode).toBe(200);
    expect(withSpace.json()).toEqual([
      expect.objectContaining({ id: 'GB|RM|A|23747771', type: 'Address' }),
    ]);
    expect((await get('/addresses?query=sw1a2aa')).json()).toEqual(withSpace.json());
    expect((await get('/addresses?query=quarry%20lane')).json()).toHaveLength(1);
    expect((await get('/addresses?query=')).json()).toEqual([]);
  });

  it('GET /addresses opens a postcode container', async () => {
    const [container] = (await get('/addresses?query=E14')).json();
    expect(container).toMatchObject({ type: 'Postcode' });
    const inside = await get(`/addresses?container=${encodeURIComponent(container.id)}`);
    expect(inside.json().length).toBeGreaterThan(1);
  });

  it('GET /addresses/:id answers the full address, or 404', async () => {
    const response = await get(`/addresses/${encodeURIComponent('GB|RM|A|23747771')}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      line1: '10 Downing Street',
      city: 'London',
      postalCode: 'SW1A 2AA',
      countryIso3: 'GBR',
    });
    const missing = await get(`/addresses/${encodeURIComponent('GB|RM|A|1')}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });

  // Issue 13 item 6: one source of retailers, the seeded table; every seeded code is found.
  it('finds every seeded retailer by its exact 5-digit code, and nothing else', async () => {
    for (const retailer of bmwBrand.retailers) {
      expect((await get(`/data/BMWRetailers?query=${retailer.code}`)).json()).toEqual([
        { code: retailer.code, name: retailer.name },
      ]);
    }
    for (const query of ['99999', '1023', '102310', '1023x', '']) {
      expect((await get(`/data/BMWRetailers?query=${query}`)).json()).toEqual([]);
    }
  });
});

import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ErrorBodySchema } from '@motor/contract';
import { DataEntrySchema } from '@motor/domain';
import { AppError } from '../../errors';
import { deploymentBrand } from '../brand';
import type { AppPlugin } from '../../app-types';
import { enforceRateLimits, MINUTE_MS, perClientAndSession } from '../identity';
import {
  ADDRESS_SEARCH_DEFAULT_LIMIT,
  AddressSearchResultSchema,
  PostalAddressSchema,
  type AddressLookupProvider,
} from '../../providers/address-lookup/types';
import {
  LookupVehicleSpecificationSchema,
  VehicleMakeEntrySchema,
  VehicleModelEntrySchema,
  type VehicleLookupProvider,
} from '../../providers/vehicle-lookup/types';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { DATA_SEARCH_DEFAULT_LIMIT, DataTableNameSchema, searchDataTable } from './data-tables';
import { findRetailer } from './retailers';

export const VEHICLE_NOT_FOUND_MESSAGE = 'We could not find a vehicle with that registration.';

export type LookupRoutesOptions = {
  db: Db;
  vehicleLookup: VehicleLookupProvider;
  addressLookup: AddressLookupProvider;
  /** Registration and address lookups a minute (config.rateLimits.lookups). */
  limits: { perClient: number; perSession: number };
  clock: Clock;
};

const YearSchema = z.coerce.number().int().min(1900).max(2100);
const LimitSchema = (max: number) => z.coerce.number().int().min(1).max(max);
const TAGS = ['lookup'];

/**
 * Vehicle, address and data-table lookups (spec 2 §7), with paths relative to where the app
 * mounts the plugin (/api/lookup). Public: quotes start anonymously, and nothing here is personal.
 */
export const lookupRoutes: AppPlugin<LookupRoutesOptions> = async (app, options) => {
  const { db, vehicleLookup, addressLookup, limits, clock } = options;
  // Public: anyone starting a quote looks things up, and nothing here is personal.
  app.addHook('onRoute', (route) => {
    route.config = { ...(route.config ?? {}), access: ['public'] };
  });
  // The registration and address lookups are the provider's paid calls, and a free oracle of
  // addresses and keepers' cars to a scraper: counted per client and per session (issue 31 item 14).
  const countLookup = (request: FastifyRequest) =>
    enforceRateLimits({ db, clock }, MINUTE_MS, perClientAndSession('lookup', request, limits));

  app.get(
    '/vehicles/makes',
    {
      schema: {
        tags: TAGS,
        summary: 'Vehicle makes, optionally only those with a model made in a year',
        querystring: z.object({ year: YearSchema.optional() }),
        response: { 200: z.array(VehicleMakeEntrySchema) },
      },
    },
    async (request) => vehicleLookup.listMakes(request.query.year),
  );

  app.get(
    '/vehicles/models',
    {
      schema: {
        tags: TAGS,
        summary: 'Models of a make, optionally only those made in a year',
        querystring: z.object({ make: z.string().trim().min(1), year: YearSchema.optional() }),
        response: { 200: z.array(VehicleModelEntrySchema) },
      },
    },
    async (request) => vehicleLookup.listModels(request.query),
  );

  app.get(
    '/vehicles/specifications',
    {
      schema: {
        tags: TAGS,
        summary: 'Trims and engines of a model, optionally only those made in a year',
        querystring: z.object({
          make: z.string().trim().min(1),
          model: z.string().trim().min(1),
          year: YearSchema.optional(),
        }),
        response: { 200: z.array(LookupVehicleSpecificationSchema) },
      },
    },
    async (request) => vehicleLookup.listSpecifications(request.query),
  );

  app.get(
    '/vehicles/:vrn',
    {
      schema: {
        tags: TAGS,
        summary: 'The vehicle registered under a registration mark (any case, spaces ignored)',
        params: z.object({ vrn: z.string().trim().min(2).max(16) }),
        response: {
          200: LookupVehicleSpecificationSchema,
          404: ErrorBodySchema,
          429: ErrorBodySchema,
        },
      },
    },
    async (request) => {
      await countLookup(request);
      const vehicle = await vehicleLookup.findVehicleByRegistration(request.params.vrn);
      if (!vehicle) throw new AppError('NOT_FOUND', VEHICLE_NOT_FOUND_MESSAGE);
      return vehicle;
    },
  );

  app.get(
    '/data/:table',
    {
      schema: {
        tags: TAGS,
        summary: 'Searches a lookup table; short queries answer an empty list',
        description:
          "The spec's tables. BMWRetailers keeps the spec's name whatever the brand and holds " +
          "the deployment's brand's retailers (decision 035).",
        params: z.object({ table: DataTableNameSchema }),
        querystring: z.object({
          query: z.string().default(''),
          limit: LimitSchema(200).default(DATA_SEARCH_DEFAULT_LIMIT),
        }),
        response: { 200: z.array(DataEntrySchema), 400: ErrorBodySchema },
      },
    },
    async (request) => {
      const { table } = request.params;
      if (table === 'BMWRetailers') {
        // The deployment's brand: the lookup is asked before a quote names its scheme.
        const brand = deploymentBrand().code;
        const retailer = await findRetailer(db, { code: request.query.query, brand });
        return retailer ? [retailer] : [];
      }
      return searchDataTable({ table, query: request.query.query, limit: request.query.limit });
    },
  );

  app.get(
    '/addresses',
    {
      schema: {
        tags: TAGS,
        summary: 'Addresses and postcodes matching a postcode or free text',
        querystring: z.object({
          query: z.string().default(''),
          /** The id of a Postcode result, to list the addresses inside it. */
          container: z.string().optional(),
          limit: LimitSchema(500).default(ADDRESS_SEARCH_DEFAULT_LIMIT),
        }),
        response: { 200: z.array(AddressSearchResultSchema), 429: ErrorBodySchema },
      },
    },
    async (request) => {
      await countLookup(request);
      const { query, container, limit } = request.query;
      return addressLookup.searchAddresses({ query, containerId: container, limit });
    },
  );

  app.get(
    '/addresses/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'The full address of a search result',
        params: z.object({ id: z.string().min(1).max(100) }),
        response: { 200: PostalAddressSchema, 404: ErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    async (request) => {
      await countLookup(request);
      return addressLookup.getAddress(request.params.id);
    },
  );
};

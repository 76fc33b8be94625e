import {
  FormValidationParamsSchema,
  FormValidationRequestSchema,
  FormValidationResponseSchema,
} from '@motor/contract';
import type { FormValues } from '@motor/forms';
import type { AppPlugin } from '../../app-types';
import { AppError, errorResponses } from '../../errors';
import { findRetailer } from '../lookup';
import { findSchemeFacts } from './product';
import { isDisclosureFormName, validateDisclosureForm } from './validate-form';

const errors = errorResponses(400, 401, 403, 404);

/**
 * validateForm (spec 3 §7): checks one disclosure form's answers as saving them would, and says
 * what is wrong; it stores nothing. Anyone with a session may ask — an anonymous quote, a
 * customer, staff with or without a customer — as it reads no one's records: the caller only
 * decides which inputs are read-only or shown (admin, permissions, anonymous).
 */
export const formValidationRoutes: AppPlugin = async (app) => {
  app.post(
    '/form/validation/:form',
    {
      config: { access: ['anonymous', 'customer', 'admin'] },
      schema: {
        tags: ['forms'],
        summary: "Validates one disclosure form's answers the way the form and a saved change do",
        description:
          "`{form}` is one of the product's disclosure forms (quote, asset, profile, " +
          'additionalProfile, startDate, voluntaryExcess); 404 for any other. An invalid answer ' +
          'is not an HTTP error: 200 with success false and the errors by input name, with the ' +
          'texts the form shows. Read-only inputs of a policy are not checked (isPolicy). ' +
          'Nothing is stored.',
        params: FormValidationParamsSchema,
        body: FormValidationRequestSchema,
        response: { 200: FormValidationResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { form } = request.params;
      const { schemeCode, data, related, isPolicy } = request.body;
      if (!isDisclosureFormName(form)) {
        throw new AppError('NOT_FOUND', `There is no form called '${form}'.`);
      }
      const facts = findSchemeFacts(schemeCode);
      if (!facts) {
        throw new AppError('VALIDATION_FAILED', 'There is no such product.', {
          fields: [{ in: 'body', path: 'schemeCode', message: 'Choose one of our products' }],
        });
      }
      const { principal } = request;
      return validateDisclosureForm({
        schemeCode: facts.schemeCode,
        form,
        data: data as FormValues,
        related: related as FormValues,
        isPolicy,
        caller: {
          isAdmin: principal.kind === 'admin',
          isAnonymous: principal.kind === 'anonymous',
          permissions:
            principal.kind === 'customer' || principal.kind === 'admin'
              ? principal.permissions
              : [],
        },
        lookups: {
          now: app.clock.now(),
          vehicleLookup: app.providers.vehicleLookup,
          findRetailer: (code) => findRetailer(app.db, { code, brand: facts.brand }),
        },
      });
    },
  );
};

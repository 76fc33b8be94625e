import { useMutation } from '@tanstack/react-query';
import {
  FormValidationResponseSchema,
  type FormValidationRequest,
  type FormValidationResponse,
} from '@motor/contract';
import { useApiClient } from '../../../lib/use-api-client';

// validateForm (spec 3 §7): POST /api/form/validation/{form}. The server checks a section's
// answers as saving them would; an invalid answer is a 200 with success false and the errors.

/** POST /api/form/validation/{form}; the form shows its own errors, so none goes to the app's modal. */
export function useValidateForm() {
  const client = useApiClient();
  return useMutation({
    meta: { handlesErrors: true },
    mutationFn: async ({
      form,
      request,
    }: {
      form: string;
      request: FormValidationRequest;
    }): Promise<FormValidationResponse> =>
      FormValidationResponseSchema.parse(
        await client.post<unknown>(`/form/validation/${encodeURIComponent(form)}`, request),
      ),
  });
}

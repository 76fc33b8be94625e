import type { RegistrationFormatConfig } from '@motor/forms';
import { brandFormats } from '../../lib/brand-products';

/** The brand's UK registration format (divider, complete and incomplete patterns). */
export const registrationFormat: RegistrationFormatConfig = brandFormats.vehicleRegistration;

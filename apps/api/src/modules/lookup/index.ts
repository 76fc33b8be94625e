// The lookup module's public face: routes for the app, data-table functions for other modules
// (underwriting reads conviction points; the proposal module checks retailer codes).
export { lookupRoutes } from './routes';
export { findDataEntry, findDrivingConviction } from './data-tables';
export {
  findRetailer,
  RETAILER_CODE_PATTERN,
  RETAILER_NOT_FOUND_MESSAGE,
  seedRetailers,
} from './retailers';

// The lookup module's public face: routes for the app, data-table functions for other modules
// (underwriting reads conviction points; the proposal module checks retailer codes).
export { lookupRoutes, VEHICLE_NOT_FOUND_MESSAGE, type LookupRoutesOptions } from './routes';
export {
  DATA_TABLE_NAMES,
  DataTableNameSchema,
  findDataEntry,
  findDrivingConviction,
  getMinimumCharacters,
  searchDataTable,
  type DataTableName,
} from './data-tables';
export { findRetailer, RETAILER_CODE_PATTERN, RETAILER_NOT_FOUND_MESSAGE } from './retailers';
export type { DrivingConviction } from './data/driving-convictions';

// The upload module's public face: a customer's uploads in their data export and erasure. Its
// routes and jobs are mounted by app.ts.
export { eraseUploadNames, exportUploads } from './customer-data';

// Sending the insurer a document for a policy (spec 3 §2 sub-routes): the upload page and its
// confirmation.
export { UploadConfirmationPage } from './upload-confirmation-page';
export { UploadPage } from './upload-page';

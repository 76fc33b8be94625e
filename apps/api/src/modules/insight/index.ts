// Insights (spec 3 §7 feedback and impressions) and analytics (issue 32 items 1 and 2).
export { eraseAnalyticsEvents } from './analytics';
export { purgeAnalyticsEventsJob } from './jobs';
export { insightRoutes } from './routes';
// A customer's data export and erasure (decision 018).
export { eraseFeedbackComments, exportFeedback } from './customer-data';

export { api, apiRequest, apiStream, refreshSession, setSessionHandlers, API_BASE, type RequestOptions } from './client.ts';
export { ApiError, isApiError, validationFieldsOf, rateLimitDetailsOf, attemptsRemainingOf } from './api-error.ts';
export { invalidateCsrfToken } from './csrf.ts';

export { api, apiRequest, apiStream, onApiError, refreshSession, setSessionHandlers, API_BASE, type RequestOptions } from './client.ts';
export { ApiError, isApiError, validationFieldsOf, rateLimitDetailsOf, attemptsRemainingOf } from './api-error.ts';
export { invalidateCsrfToken } from './csrf.ts';

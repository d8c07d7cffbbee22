import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiKeyListSchema, apiKeySchema, createdApiKeySchema, type CreateApiKeyRequest } from '@sound-studio/shared';
import { api } from '../../../lib/api/index.ts';

export const apiKeysQueryKey = ['api-keys'] as const;

export function useApiKeys() {
  return useQuery({
    queryKey: apiKeysQueryKey,
    queryFn: ({ signal }) => api.get('/api-keys', { schema: apiKeyListSchema, signal }),
  });
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CreateApiKeyRequest) => api.post('/api-keys', request, { schema: createdApiKeySchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api-keys/${encodeURIComponent(id)}`, { schema: apiKeySchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}

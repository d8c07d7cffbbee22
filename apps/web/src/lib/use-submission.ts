import { useCallback, useState } from 'react';

export interface SubmissionCallbacks<Result> {
  onSuccess?: (result: Result) => void;
  onError?: (error: unknown) => void;
}

/**
 * A form's one request: `mutate` sends it and calls back, `isPending` is true meanwhile. It is what the signed-out pages
 * used of TanStack Query's `useMutation`, without loading TanStack Query before a user has signed in.
 */
export function useSubmission<Variables, Result>(send: (variables: Variables) => Promise<Result>) {
  const [isPending, setPending] = useState(false);
  const mutate = useCallback(
    (variables: Variables, { onSuccess, onError }: SubmissionCallbacks<Result> = {}) => {
      setPending(true);
      send(variables).then(
        (result) => {
          setPending(false);
          onSuccess?.(result);
        },
        (error: unknown) => {
          setPending(false);
          onError?.(error);
        },
      );
    },
    [send],
  );
  return { mutate, isPending };
}

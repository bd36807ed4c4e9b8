import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, ApiFailure } from '../../../api/client.ts';
import type { ConfirmSmsCodeData } from '../../../api/contract/phone.ts';
import { currentUserQuery } from '../../../lib/current-user.ts';

/** POST /auth/confirmsmscode (smscode; docs/product/api.md "Phone calls"). */
export async function confirmSmsCode(smscode: string): Promise<ConfirmSmsCodeData> {
  const reply = await apiRequest<ConfirmSmsCodeData>('/auth/confirmsmscode', {
    body: { smscode },
  });
  if (!reply.success || !reply.data) throw new ApiFailure(reply);
  return reply.data;
}

export function useConfirmSmsCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmSmsCode,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey }),
  });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../api/client.ts';
import type { PhoneValidateData } from '../../../api/contract/phone.ts';

/**
 * GET /phone/validate?phone=&country=: our phone-validation service (it replaces an
 * external one and checks the full numbering plans). `success` is the verdict.
 */
export const validatePhoneQuery = (phone: string, country: string) =>
  queryOptions({
    queryKey: ['phone', 'validate', country, phone],
    queryFn: async (): Promise<PhoneValidateData> => {
      const reply = await apiRequest<PhoneValidateData>('/phone/validate', {
        query: { phone, country },
      });
      if (!reply.data) throw new Error(reply.message);
      return reply.data;
    },
    staleTime: Infinity,
    retry: false,
  });

export function useValidatePhone(phone: string, country: string, enabled: boolean) {
  return useQuery({ ...validatePhoneQuery(phone, country), enabled });
}

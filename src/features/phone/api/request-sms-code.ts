import { apiRequest } from '../../../api/client.ts';
import type { VerifyPhoneBody, VerifyPhoneData } from '../../../api/contract/phone.ts';

/** POST /auth/verifyphonenumber (phone_number, captcha; docs/product/api.md "Phone calls"). */
export function requestSmsCode(body: VerifyPhoneBody) {
  return apiRequest<VerifyPhoneData>('/auth/verifyphonenumber', { body });
}

import { apiRequest } from '../../../api/client.ts';
import type { VerifyPhoneBody, VerifyPhoneData } from '../../../api/contract/phone.ts';

/** POST /auth/verifyphonenumber (phone_number, captcha; accounts §7). */
export function requestSmsCode(body: VerifyPhoneBody) {
  return apiRequest<VerifyPhoneData>('/auth/verifyphonenumber', { body });
}

import { adminApi } from '../../api/http';
import type { Credentials, SignInResult } from '../../../../machines/login';

export function signInRequest({ identifier, password, remember, code }: Credentials): Promise<SignInResult> {
  return adminApi<SignInResult>('login', { method: 'POST', body: { identifier, password, remember, ...(code ? { code } : {}) } });
}

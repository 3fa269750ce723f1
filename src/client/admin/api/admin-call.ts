/**
 * Admin API calls as the screens use them: an expired or revoked session (401) signs the user out,
 * so the login screen shows and, after signing in, the same screen comes back.
 */
import { ApiError, adminApi, type RequestOptions } from '../../api/http';
import { signOut } from '../session/session-store';

export async function adminCall<T>(path: string, options: RequestOptions = {}): Promise<T> {
  try {
    return await adminApi<T>(path, options);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) signOut();
    throw error;
  }
}

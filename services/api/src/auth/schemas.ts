import type { AccountRole, AccountStatus } from '@scentinel/domain';
import { Type } from 'typebox';

/** The error body every route answers with (see `http/errors.ts`). */
export const Problem = Type.Object({ detail: Type.String(), code: Type.String() });

/** The refusals every authenticated write can answer with (each a `{ detail, code }` problem). */
export const WRITE_PROBLEMS = { 400: Problem, 401: Problem, 403: Problem, 404: Problem } as const;
/** The same, for writes that can also conflict (stale version, duplicate, not pending any more). */
export const CONFLICTING_WRITE_PROBLEMS = { ...WRITE_PROBLEMS, 409: Problem } as const;

export const PublicUser = Type.Object({
  id: Type.String(),
  username: Type.String(),
  email: Type.String(),
  role: Type.String({ description: 'admin, regular_user, manufacturer or retailer' }),
  status: Type.String({ description: 'active, pending (awaiting admin approval) or rejected' }),
});

export function publicUser(account: {
  id: string;
  username: string;
  email: string;
  role: AccountRole;
  status: AccountStatus;
}) {
  return {
    id: account.id,
    username: account.username,
    email: account.email,
    role: account.role,
    status: account.status,
  };
}

/** An id in a request path; its characters are checked by the domain (`entityId`). */
export const IdParam = Type.String({ minLength: 1, maxLength: 200 });

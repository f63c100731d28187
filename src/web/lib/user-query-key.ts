/**
 * The cache key of the signed-in user (GET /api/user, features/auth/api/get-user.ts). A save of the
 * user's own profile puts the server's answer under it (lib/update-user.ts).
 */
export const USER_QUERY_KEY = ['/api/user'] as const;

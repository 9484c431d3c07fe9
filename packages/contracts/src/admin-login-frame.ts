/*
 * The /admin/login page before and after the admin remote is live.
 * The public shell server-renders a working login form (its AdminFrame) and
 * loads the admin only when the visitor acts (page-boot.ts); the remote's
 * login form then takes its place and keeps what was typed, the focus and a
 * submission made meanwhile. Both sides find the fields by these ids. No
 * schema here: the frame carries no zod.
 */
export const ADMIN_LOGIN_IDS = {
  /** The frame's `<form>` (the remote's form has no id: only the frame is looked up by it). */
  frameForm: 'admin-login-frame',
  email: 'admin-email',
  password: 'admin-password',
} as const;

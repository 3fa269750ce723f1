/** The roles a user account can hold (rights.ts says what each may do). */
export const ROLES = ['admin', 'editor', 'author', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_CHOICES = [
  { value: 'admin', label: 'Admin: everything, users and sites included' },
  { value: 'editor', label: 'Editor: all content, media, messages and subscribers of their sites' },
  { value: 'author', label: 'Author: writes posts, uploads media, reads the rest' },
  { value: 'viewer', label: 'Viewer: reads only' },
] as const satisfies readonly { value: Role; label: string }[];

export const isRole = (value: unknown): value is Role =>
  typeof value === 'string' && (ROLES as readonly string[]).includes(value);

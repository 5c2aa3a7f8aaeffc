/** What goes to the trash, named as the API names it (`kind`). */
export const TRASH_KINDS = ['services', 'news', 'contactus'] as const;
export type TrashKind = (typeof TRASH_KINDS)[number];

import { Type, baseSettings, type Static } from '@betterplus/kit';

export const chatSettings = Type.Object({ ...baseSettings });

export type ChatConfig = Static<typeof chatSettings>;

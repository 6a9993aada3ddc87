import type { Plugin } from 'vite';

/** The Mantine module whose top level computes the default CSS variables. */
export const MANTINE_MODULE: RegExp;
/** The module's code with the defaults computed at their first use; throws when the module changed. */
export function lazyDefaultVariables(code: string): string;
/** The Vite plugin applying it. */
export function lazyMantineDefaults(): Plugin;

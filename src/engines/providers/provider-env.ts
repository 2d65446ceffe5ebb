import type { z } from 'zod';

/**
 * The configuration a provider owns: the environment variables it reads (names, defaults, bounds and
 * messages) and the part of Config it makes of them, from them alone (no file is read). Kept apart from the provider's engines so that
 * reading the configuration never loads an engine (node-llama-cpp alone takes a second to import).
 */
export interface ProviderEnv<Shape extends z.ZodRawShape, Settings> {
  readonly name: string;
  readonly env: z.ZodObject<Shape>;
  settings(env: z.output<z.ZodObject<Shape>>): Settings;
  /** For an image engine: the variable to set when the engine is not configured, undefined when it is. */
  missingImageSetting?(settings: Settings): string | undefined;
  /** For a text provider: what stops the start when ATELIER_TEXT_PROVIDER names it and it cannot serve. */
  textProblem?(settings: Settings): string | undefined;
  /** For a transcription engine: the name ATELIER_ASR_ROUTES gives it, when it is not the provider's. */
  readonly transcriptionEngine?: string;
}

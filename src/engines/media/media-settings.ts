import { z } from 'zod';
import { ConfigError, invalidConfiguration, oneOf } from '../../config-fields.js';
import {
  DEFAULT_IMAGE_MODELS,
  DEFAULT_VIDEO_MODELS,
  defaultImageFamily,
  defaultVideoFamily,
  defaultVideoLimits,
} from './media-catalogue.js';
import { imageModelSchema, videoModelSchema } from './media-entries.js';
import { ModelCatalogue, normalizeModelName } from './model-catalogue.js';
import {
  IMAGE_ENGINES,
  type ImageEngineName,
  missingImageSetting,
  type ProviderSettings,
} from '../providers/provider-envs.js';

const engine = oneOf(IMAGE_ENGINES);

/** ATELIER_IMAGE_ROUTES: its values are the image engines' names. */
export const imageRoutesField = z
  .string()
  .regex(
    new RegExp(String.raw`^\s*[^=,]+=\s*${engine}\s*(,\s*[^=,]+=\s*${engine}\s*)*,?\s*$`),
    'expected family=engine or model name=engine pairs, e.g. flux=automatic1111,DALL-E 3=openai-compatible',
  )
  .optional();

/** The image catalogue (ATELIER_IMAGE_MODELS or the default one) and which engine serves which family or model. */
export function imageCatalogue(
  env: { models: string | undefined; routes: string | undefined },
  providers: ProviderSettings,
) {
  const parsed = env.models
    ? parseCatalogue('ATELIER_IMAGE_MODELS', env.models, imageModelSchema)
    : DEFAULT_IMAGE_MODELS.map((m) => imageModelSchema.parse(m));
  const models = parsed.map((m) => ({ ...m, family: m.family ?? defaultImageFamily(m.name) }));
  return { models, routes: parseImageRoutes(env.routes, models, providers) };
}

/** The video catalogue: ATELIER_VIDEO_MODELS or the default one. */
export function videoCatalogue(raw: string | undefined) {
  return (
    raw
      ? parseCatalogue('ATELIER_VIDEO_MODELS', raw, videoModelSchema)
      : DEFAULT_VIDEO_MODELS.map((m) => videoModelSchema.parse(m))
  ).map((m) => ({
    ...m,
    family: m.family ?? defaultVideoFamily(m.name),
    limits: m.limits ?? defaultVideoLimits(m.name),
  }));
}

/**
 * `flux=automatic1111,DALL-E 3=openai-compatible` -> engine by family and by model name (both keys
 * normalised as model names are). A key that is a family's name routes the family; otherwise it must be a
 * model's name or alias. Unknown keys and engines that are not configured stop the start.
 */
function parseImageRoutes(
  raw: string | undefined,
  models: readonly { name: string; aliases: string[]; family: string | undefined }[],
  providers: ProviderSettings,
): { families: Record<string, ImageEngineName>; models: Record<string, ImageEngineName> } {
  const routes = { families: {} as Record<string, ImageEngineName>, models: {} as Record<string, ImageEngineName> };
  if (!raw) return routes;
  const byName = ModelCatalogue.of(models);
  const problems: string[] = [];
  for (const pair of raw.split(',').filter((p) => p.trim() !== '')) {
    const [rawKey = '', rawEngine = ''] = pair.split('=');
    const key = normalizeModelName(rawKey);
    const engine = rawEngine.trim() as ImageEngineName;
    const setting = missingImageSetting(providers, engine);
    if (setting) problems.push(`${rawKey.trim()}=${engine}: the ${engine} engine is not configured (set ${setting})`);
    if (models.some((m) => m.family !== undefined && normalizeModelName(m.family) === key)) {
      routes.families[key] = engine;
      continue;
    }
    const model = byName.find(rawKey);
    if (model) routes.models[normalizeModelName(model.name)] = engine;
    else problems.push(`${rawKey.trim()}: neither a model family nor a model name of the image catalogue`);
  }
  if (problems.length) throw invalidConfiguration(`ATELIER_IMAGE_ROUTES: ${problems.join('; ')}`);
  return routes;
}

function parseCatalogue<T extends z.ZodType>(name: string, raw: string, entry: T): z.output<T>[] {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new ConfigError(`${name}: not valid JSON`);
  }
  const result = z.array(entry).min(1).safeParse(json);
  if (!result.success)
    throw new ConfigError(`${name}: ${result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  return result.data;
}

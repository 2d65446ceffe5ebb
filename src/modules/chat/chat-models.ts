import type { Config } from '../../config.js';
import type { TextModels } from '../../engines/providers/registry.js';
import type { TextModel } from '../../engines/spec/text-model.js';

export interface ChatModel {
  /** The name clients send and /models lists. */
  id: string;
  engine: TextModel;
  /** Served by the advanced engine: plans without the advanced model cannot use it. */
  advanced: boolean;
  readonly ownedBy: string;
}

/**
 * The chat models: the configured standard and advanced text models under their names (gpt-4o-mini,
 * gpt-4o by default), and `builtin` for the offline engine. With the builtin provider the two names are
 * answered by the builtin engine, and the response's `model` says so.
 */
export function chatModels(config: Config, text: TextModels): ChatModel[] {
  // Read at each listing: a model pulled while the service runs takes the names over from the builtin engine.
  const served = (id: string, engine: TextModel, advanced: boolean): ChatModel => ({
    id,
    engine,
    advanced,
    get ownedBy() {
      return text.standard.offline ? 'atelier-builtin' : 'atelier';
    },
  });
  const models: ChatModel[] = [
    served(config.text.model, text.standard, false),
    served(config.text.advancedModel, text.advanced, true),
  ];
  if (!models.some((m) => m.id === 'builtin'))
    models.push({ id: 'builtin', engine: text.builtin, advanced: false, ownedBy: 'atelier-builtin' });
  return models.filter((m, i) => models.findIndex((o) => o.id === m.id) === i);
}

/** Another name for a model (the hosted service's names by default): answered by `target`, listed with alias_of. */
export interface ChatAlias {
  id: string;
  target: ChatModel;
}

export interface ChatCatalogue {
  models: ChatModel[];
  aliases: ChatAlias[];
  /** The model or alias that answers a request without `model`. */
  defaultModel: string;
}

/** The models, the configured aliases (ATELIER_CHAT_MODEL_ALIASES) resolved to them, and the default name. */
export function chatCatalogue(config: Config, text: TextModels): ChatCatalogue {
  const models = chatModels(config, text);
  const ids = { standard: config.text.model, advanced: config.text.advancedModel, builtin: 'builtin' };
  const aliases = config.chat.aliases.flatMap((alias): ChatAlias[] => {
    // Two names for one model (standard and advanced alike) leave one entry, the standard one.
    const target = models.find((m) => m.id === ids[alias.target]);
    return target ? [{ id: alias.name, target }] : [];
  });
  return { models, aliases, defaultModel: config.chat.defaultModel };
}

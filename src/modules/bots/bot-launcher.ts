import { type Outcome, fail, ok } from '../../shared/errors.js';
import type { BotKeysService } from '../keys/bot-keys.service.js';
import { originOf } from '../keys/bot-keys.service.js';
import type { BotsService } from './bots.service.js';
import { type LauncherSettings, parseLauncher } from './launcher-settings.js';

/** What the widget script learns of a bot when it loads on a page: its look, its greeting and the key to chat with. */
export interface LauncherAnswer {
  name: string;
  welcome_message: string | null;
  /** The look saved in the dashboard ({} when none): it overrides the page's data- attributes. */
  launcher: LauncherSettings;
  /** The publishable key whose allowed origins list the page's origin. */
  key: string;
}

/** The sites a bot's widget may run on: every origin listed by one of its active publishable keys. */
export interface BotWidgetSites {
  origins: string[];
  answer(origin: string | undefined): Outcome<LauncherAnswer>;
}

export interface BotLauncherDeps {
  bots: Pick<BotsService, 'findByPublicUrl'>;
  botKeys: Pick<BotKeysService, 'list'>;
}

const botNotFound = () => fail<never>('not_found', 'Bot not found');

/**
 * The hosted snippet carries no key, so the widget is handed one by the bot's launcher address, and only for a
 * page on an origin that one of the bot's active publishable keys lists: the newest such key. A key that lists
 * no origin (any site) is never handed out: the widget runs only where its owner said it may.
 */
export async function botWidgetSites(deps: BotLauncherDeps, publicUrl: string): Promise<Outcome<BotWidgetSites>> {
  const bot = await deps.bots.findByPublicUrl(publicUrl);
  if (!bot) return botNotFound();
  const keys = await deps.botKeys.list(bot.account_id, bot.id);
  if (!keys.ok) return botNotFound();
  const listed = keys.value.filter((key) => !key.revoked_at && key.allowed_origins.length > 0).reverse();
  const origins = [...new Set(listed.flatMap((key) => key.allowed_origins))];
  return ok({
    origins,
    answer(given) {
      const origin = given === undefined ? undefined : originOf(given);
      if (!origin)
        return fail(
          'invalid_input',
          'origin: the launcher answers the web page the widget runs on: send its Origin (https://example.com)',
        );
      const key = listed.find((k) => k.allowed_origins.includes(origin));
      if (!key)
        return fail(
          'forbidden',
          `This bot's chat may not run on ${origin.slice(0, 200)}: add that origin to the allowed origins of one of its widget keys`,
        );
      return ok({
        name: bot.name,
        welcome_message: bot.welcome_message,
        launcher: parseLauncher(bot.launcher),
        key: key.api_key,
      });
    },
  });
}

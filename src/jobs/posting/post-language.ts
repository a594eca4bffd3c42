/**
 * How the jobs write: a subscription's posts in its language (chosen with /subscription, English by
 * default), owner notices in the owner's; both name the service and link to its pages as configured
 * (SERVICE_NAME, SERVICE_WEB_URL), and write the commands they name as clickable mentions once the
 * command ids are known (the written `/command` form until then).
 */
import { type CommandMentionSource, translatorWithMentions } from '../../i18n/command-text.js';
import type { Locale } from '../../i18n/locale.js';
import { createTranslator, DEFAULT_SITE, type ServiceSite, type Translator } from '../../i18n/translator.js';
import type { Subscription } from '../../subscriptions/model.js';

export interface PostLanguagesOptions {
  /** The service as people read about it (default Annict's). */
  site?: ServiceSite;
  /** The registered commands' ids as read in DMs and everywhere (global ones); none: written form. */
  mentions?: CommandMentionSource;
}

export class PostLanguages {
  readonly site: ServiceSite;
  readonly #translators: Record<Locale, Translator>;
  readonly #mentions: CommandMentionSource | undefined;

  constructor(options: PostLanguagesOptions = {}) {
    this.site = options.site ?? DEFAULT_SITE;
    const { mentions } = options;
    this.#mentions = mentions;
    const build = (locale: Locale) => {
      const t = createTranslator(locale, this.site);
      return mentions ? translatorWithMentions(t, mentions) : t;
    };
    this.#translators = { en: build('en'), ja: build('ja') };
  }

  /**
   * Before a direct message: makes sure the command ids were read (a notice may go out right after
   * start), so that the commands it names are clickable. Never throws.
   */
  async prepared(): Promise<void> {
    await this.#mentions?.refresh?.();
  }

  /** The translator of one language. */
  of(locale: Locale): Translator {
    return this.#translators[locale];
  }

  /** The translator of a subscription's posts. */
  post(subscription: Pick<Subscription, 'language'>): Translator {
    return this.#translators[subscription.language ?? 'en'];
  }

  /**
   * One message per language, built on first need: a feed activity fanned out to channels of both
   * languages is rendered twice at most, however many channels receive it.
   */
  perLanguage<T>(build: (t: Translator, locale: Locale) => T): (locale: Locale) => T {
    const built = new Map<Locale, T>();
    return (locale) => {
      if (!built.has(locale)) built.set(locale, build(this.#translators[locale], locale));
      return built.get(locale) as T;
    };
  }
}

/** Annict's name and site, commands written as text: for jobs built without a configuration. */
export const DEFAULT_POST_LANGUAGES = new PostLanguages();

import {
  type AutocompleteInteraction,
  type ButtonInteraction,
  type Interaction,
  MessageFlags,
  type ModalSubmitInteraction,
  type StringSelectMenuInteraction,
} from 'discord.js';
import { ZodError } from 'zod';
import { parseCustomId } from '../components/custom-id.js';
import { localeFromDiscord } from '../i18n/locale.js';
import { createTranslator } from '../i18n/translator.js';
import { within, withTimeout } from '../lib/deadline.js';
import type { Logger } from '../logger.js';
import { fitChoices } from '../render/fit-message.js';
import type { AutocompleteChoice, CommandModule, ModalInput } from './command.js';
import { type Context, createContext, type HandlerDeps } from './context.js';
import { describeError } from './error-reply.js';
import {
  answerOverLimit,
  type InteractionLimits,
  type LimitedKind,
  limitedKind,
} from './interaction-limits.js';
import { readAutocompleteInput, readCommandInput, readContextMenuInput } from './options.js';
import { PAGER_PREFIX, parsePagerId } from './paging.js';
import { answerCommand, answerComponent, answerModal, type CommandInteraction } from './responder.js';
import { UserFacingError } from './user-facing-error.js';

interface RouterOptions {
  deferAfterMs: number;
  /** Autocomplete must answer inside Discord's window; past this, an empty list is sent. */
  autocompleteDeadlineMs: number;
  /** Called once per interaction once it is answered (metrics); the router logs the same report. */
  onFinished?: (report: InteractionReport) => void;
  /** Per-person abuse limits; an interaction over them is answered "slow down" and goes no further. */
  limits?: InteractionLimits;
  /** Called for each interaction refused by the limits (metrics). */
  onLimited?: (kind: LimitedKind) => void;
}

type ComponentInteraction = ButtonInteraction | StringSelectMenuInteraction;

/** One interaction's log line and metrics: never its options, custom id or token. */
export interface InteractionReport {
  /** Discord's interaction id: the request id other log lines of this interaction carry as `interaction`. */
  requestId: string;
  route: string;
  /** `ok`, an error outcome (error-reply.ts), `limited`, or `unanswered` when Discord refused the answer. */
  outcome: string;
  /** From receipt to the first answer Discord acknowledged (reply, deferral, modal, choices). */
  firstAnswerMs: number | undefined;
  /** From receipt to the last answer. */
  durationMs: number;
}

/** What the router learns about one interaction while it handles it. */
interface Trace {
  route: string;
  outcome: string;
  startedAt: number;
  answeredAt: number | undefined;
}

/**
 * Route labels (metrics, logs) come from a fixed set: command names, their subcommands and the
 * component and modal handlers that exist. Custom ids are chosen by whoever sends them, so anything
 * unknown is one label rather than a new time series per forged id.
 */
const UNKNOWN_ROUTE = 'unknown';
const PAGER_ROUTE = `${PAGER_PREFIX}:turn`;

/**
 * Discord's 3 s to acknowledge run from the interaction's creation (its id's timestamp), not from when
 * the handler starts. Whatever acknowledges it (a deferral, autocomplete's choices) is due by this long
 * after creation at the latest, leaving the rest of the window for the request itself: an interaction
 * that reaches the handler late (a slow gateway, a busy event loop) is acknowledged sooner. A clock
 * ahead of Discord's only makes acknowledgements come sooner.
 */
const ACKNOWLEDGE_BY_MS_AFTER_CREATION = 2_000;

/** A handler by name, never an inherited property (a custom id may say `constructor`). */
function ownEntry<T>(handlers: Readonly<Record<string, T>> | undefined, name: string): T | undefined {
  return handlers && Object.hasOwn(handlers, name) ? handlers[name] : undefined;
}

function commandRoute(module: CommandModule, name: string, subcommand: string | undefined): string {
  if (!subcommand) return name;
  const options = 'options' in module.definition ? module.definition.options : undefined;
  const known = options?.some((option) => option.name === subcommand);
  return known ? `${name} ${subcommand}` : `${name} ${UNKNOWN_ROUTE}`;
}

/** Maps interactions to command handlers by command name and custom-id prefix. Never throws. */
export class InteractionRouter {
  constructor(
    private readonly commands: ReadonlyMap<string, CommandModule>,
    private readonly deps: HandlerDeps,
    private readonly options: RouterOptions,
  ) {}

  private get logger(): Logger {
    return this.deps.logger;
  }

  private readonly inFlight = new Set<Promise<void>>();
  private accepting = true;

  /** Handles one interaction; while stopping, new ones get a short "restarting" answer. */
  handle(interaction: Interaction): Promise<void> {
    const work = this.accepting ? this.dispatch(interaction) : this.refuse(interaction);
    this.inFlight.add(work);
    void work.finally(() => this.inFlight.delete(work));
    return work;
  }

  /** Stops taking new work and waits (bounded) for what is in flight. */
  async drain(timeoutMs: number): Promise<void> {
    this.accepting = false;
    await within(Promise.allSettled([...this.inFlight]), timeoutMs);
  }

  private async refuse(interaction: Interaction): Promise<void> {
    try {
      const t = createTranslator(localeFromDiscord(interaction.locale));
      if (interaction.isAutocomplete()) await interaction.respond([]);
      else if (interaction.isRepliable())
        await interaction.reply({ content: t('error.restarting'), flags: MessageFlags.Ephemeral });
    } catch (error) {
      this.logger.debug({ err: error }, 'could not refuse an interaction while stopping');
    }
  }

  private async dispatch(interaction: Interaction): Promise<void> {
    const trace: Trace = {
      route: UNKNOWN_ROUTE,
      outcome: 'ok',
      startedAt: performance.now(),
      answeredAt: undefined,
    };
    try {
      if (await this.overLimit(interaction)) trace.outcome = 'limited';
      else if (interaction.isChatInputCommand() || interaction.isContextMenuCommand())
        await this.command(interaction, trace);
      else if (interaction.isAutocomplete()) await this.autocomplete(interaction, trace);
      else if (interaction.isButton() || interaction.isStringSelectMenu())
        await this.component(interaction, trace);
      else if (interaction.isModalSubmit()) await this.modal(interaction, trace);
      // Answered directly: the one answer was the first.
      trace.answeredAt ??= performance.now();
    } catch (error) {
      // Reaching here means Discord itself refused an answer (or a handler broke the protocol).
      trace.outcome = 'unanswered';
      this.logger.warn({ err: error, interaction: interaction.id }, 'could not answer an interaction');
    }
    this.finish(interaction.id, trace);
  }

  /** One log line and one report per interaction. */
  private finish(requestId: string, trace: Trace): void {
    const report: InteractionReport = {
      requestId,
      route: trace.route,
      outcome: trace.outcome,
      firstAnswerMs:
        trace.answeredAt === undefined ? undefined : Math.round(trace.answeredAt - trace.startedAt),
      durationMs: Math.round(performance.now() - trace.startedAt),
    };
    this.logger.info(report, 'interaction');
    this.options.onFinished?.(report);
  }

  /** Marks the first answer when a late handler's deferral was acknowledged. */
  private static deferred(trace: Trace): () => void {
    return () => {
      trace.answeredAt ??= performance.now();
    };
  }

  /** Counts the interaction against its person's limits; true when it was refused (and answered). */
  private async overLimit(interaction: Interaction): Promise<boolean> {
    const kind = limitedKind(interaction);
    if (!kind || !this.options.limits || this.isShownPageTurn(interaction)) return false;
    const waitSeconds = await this.options.limits.consume(kind, interaction.user.id);
    if (waitSeconds === 0) return false;
    this.options.onLimited?.(kind);
    await answerOverLimit(interaction, waitSeconds);
    return true;
  }

  /** A Previous/Next press for a page already shown costs the service nothing: it is not counted. */
  private isShownPageTurn(interaction: Interaction): boolean {
    if (!interaction.isButton()) return false;
    const turn = parsePagerId(parseCustomId(interaction.customId));
    return turn?.page !== undefined && (this.deps.pager.hasShownPage?.(turn.key, turn.page) ?? false);
  }

  private context(interaction: Interaction, route: string): Context {
    const locale = localeFromDiscord(interaction.locale);
    const ctx = createContext(this.deps, {
      locale,
      user: { id: interaction.user.id, username: interaction.user.username },
      guildId: interaction.guildId,
      guildLocale: interaction.guildLocale ? localeFromDiscord(interaction.guildLocale) : null,
      channelId: interaction.channelId,
      interactionId: interaction.id,
      route,
    });
    // Owner notices follow a linked person's last language; a write happens only when it changed.
    const isLinked = async () => (await ctx.linkedAccount().catch(() => undefined)) !== undefined;
    this.deps.preferences.rememberLocale(interaction.user.id, locale, isLinked).catch((error: unknown) => {
      this.logger.debug({ err: error }, 'could not remember a locale');
    });
    // The servers a linked person uses kiroku in: their weekly summaries count them (while members).
    if (interaction.guildId)
      this.deps.preferences
        .rememberServer(interaction.user.id, interaction.guildId, isLinked)
        .catch((error: unknown) => this.logger.debug({ err: error }, 'could not remember a server'));
    return ctx;
  }

  /** `wantedMs` from now, or less if that would pass ACKNOWLEDGE_BY_MS_AFTER_CREATION. */
  private inWindow(interaction: Interaction, wantedMs: number): number {
    const sinceCreated = Date.now() - interaction.createdTimestamp;
    return Math.max(0, Math.min(wantedMs, ACKNOWLEDGE_BY_MS_AFTER_CREATION - sinceCreated));
  }

  /**
   * Right after start the command ids may not be read yet: a reply waits a little for them so that
   * the commands it names are clickable. Half the deferral time at most, so that a handler that
   * answers with a modal (which cannot follow a deferral) still has time to build it.
   */
  private mentionsKnown(deferAfterMs: number): Promise<void> {
    return this.deps.commandMentions.whenNeeded(deferAfterMs / 2);
  }

  private errorText(ctx: Context, trace: Trace) {
    return (error: unknown) => {
      const described = describeError(error, ctx.t);
      if (described.unexpected) ctx.logger.error({ err: error }, 'handler failed');
      else ctx.logger.debug({ outcome: described.outcome }, 'handler refused');
      trace.outcome = described.outcome;
      return described.message;
    };
  }

  private async command(interaction: CommandInteraction, trace: Trace): Promise<void> {
    const module = this.commands.get(interaction.commandName);
    if (!module) {
      trace.outcome = 'unknown_command';
      const t = createTranslator(localeFromDiscord(interaction.locale));
      await interaction.reply({ content: t('error.unknownCommand'), flags: MessageFlags.Ephemeral });
      return;
    }
    const input = interaction.isContextMenuCommand()
      ? readContextMenuInput(interaction)
      : readCommandInput(interaction);
    const route = commandRoute(module, interaction.commandName, input.subcommand);
    trace.route = route;
    this.deps.commandMentions.learn(
      interaction.commandName,
      interaction.commandId,
      interaction.commandGuildId,
    );
    const ctx = this.context(interaction, route);
    const deferAfterMs = this.inWindow(interaction, this.options.deferAfterMs);
    await answerCommand(
      interaction,
      {
        ephemeral: module.ephemeral(input),
        deferAfterMs,
        errorText: this.errorText(ctx, trace),
        onDeferred: InteractionRouter.deferred(trace),
      },
      () => this.mentionsKnown(deferAfterMs).then(() => module.execute(ctx, input)),
    );
  }

  private async autocomplete(interaction: AutocompleteInteraction, trace: Trace): Promise<void> {
    const module = this.commands.get(interaction.commandName);
    const input = readAutocompleteInput(interaction);
    const route = module ? `${interaction.commandName} autocomplete` : UNKNOWN_ROUTE;
    trace.route = route;
    let choices: AutocompleteChoice[] = [];
    if (module?.autocomplete) {
      const ctx = this.context(interaction, route);
      choices = await withTimeout(
        module.autocomplete(ctx, input),
        this.inWindow(interaction, this.options.autocompleteDeadlineMs),
        'autocomplete',
      ).catch((error: unknown) => {
        ctx.logger.debug({ err: error }, 'autocomplete fell back to no choices');
        trace.outcome = 'no_choices';
        return [];
      });
    }
    await interaction.respond(fitChoices(choices));
  }

  private async component(interaction: ComponentInteraction, trace: Trace): Promise<void> {
    const id = parseCustomId(interaction.customId);
    const { prefix, action, args } = id;
    const pagerTurn = parsePagerId(id);
    const handler = ownEntry(this.commands.get(prefix)?.components, action);
    const route = pagerTurn ? PAGER_ROUTE : handler ? `${prefix}:${action}` : UNKNOWN_ROUTE;
    trace.route = route;
    const ctx = this.context(interaction, route);
    const errorText = this.errorText(ctx, trace);
    const onDeferred = InteractionRouter.deferred(trace);
    const deferAfterMs = this.inWindow(interaction, this.options.deferAfterMs);
    if (pagerTurn) {
      const { key, page } = pagerTurn;
      await answerComponent(interaction, { answers: 'update', deferAfterMs, errorText, onDeferred }, () =>
        page !== undefined
          ? ctx.pager.turn(ctx, key, page)
          : Promise.reject(new UserFacingError('error.expired')),
      );
      return;
    }
    if (!handler) {
      await answerComponent(interaction, { answers: 'message', deferAfterMs: 0, errorText }, () =>
        Promise.reject(new UserFacingError('error.expired')),
      );
      return;
    }
    const values = interaction.isStringSelectMenu() ? interaction.values : [];
    await answerComponent(
      interaction,
      { answers: handler.answers, deferAfterMs, errorText, onDeferred },
      async () => {
        // A modal must be the first answer, undeferred: it holds no mentions, so it does not wait.
        if (handler.answers !== 'modal') await this.mentionsKnown(deferAfterMs);
        const appPermissions = interaction.appPermissions?.bitfield.toString();
        return asComponent(() =>
          handler.handle(ctx, { customId: interaction.customId, args, values, appPermissions }),
        );
      },
    );
  }

  private async modal(interaction: ModalSubmitInteraction, trace: Trace): Promise<void> {
    const { prefix, action, args } = parseCustomId(interaction.customId);
    const handler = ownEntry(this.commands.get(prefix)?.modals, action);
    const route = handler ? `${prefix}:${action} modal` : UNKNOWN_ROUTE;
    trace.route = route;
    const ctx = this.context(interaction, route);
    const fields: Record<string, string> = {};
    for (const [id, field] of interaction.fields.fields) {
      if ('value' in field && typeof field.value === 'string') fields[id] = field.value;
    }
    const input: ModalInput = { customId: interaction.customId, args, fields };
    const deferAfterMs = this.inWindow(interaction, this.options.deferAfterMs);
    await answerModal(
      interaction,
      {
        deferAfterMs,
        errorText: this.errorText(ctx, trace),
        onDeferred: InteractionRouter.deferred(trace),
      },
      () =>
        handler
          ? this.mentionsKnown(deferAfterMs).then(() => asComponent(() => handler.handle(ctx, input)))
          : Promise.reject(new UserFacingError('error.expired')),
    );
  }
}

/**
 * Components carry their arguments in custom ids and select values, which a client can forge or
 * which an old message may hold: one that fails its schema is treated as stale, not as our fault.
 */
async function asComponent<T>(handle: () => Promise<T>): Promise<T> {
  try {
    return await handle();
  } catch (error) {
    if (error instanceof ZodError) throw new UserFacingError('error.expired');
    throw error;
  }
}

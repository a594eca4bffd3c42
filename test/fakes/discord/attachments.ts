/**
 * Files attached to messages, as Discord takes them (docs: reference#uploading-files, message
 * "Attachment Request Structure"): multipart `files[n]` with `payload_json`, whose `attachments`
 * name each new file by its `n` and each kept one by its id. The fake refuses what Discord refuses
 * (too large, too many, a reference to no file) and keeps every file's bytes for tests to read.
 */
import type { APIAttachment, APIEmbed } from 'discord-api-types/v10';
import type { RestOutcome } from './interaction-result.js';
import { error, type RestRequest } from './rest-common.js';
import type { SnowflakeGenerator } from './snowflake.js';
import type { MessageBody, RecordedFile } from './state-types.js';

/** Discord's default upload limit per file, without Nitro or boosts: also interactions' attachment_size_limit. */
export const ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024;
/** "The maximum request size when sending a message is 25 MiB." */
export const MAX_REQUEST_BYTES = 25 * 1024 * 1024;
/** Attachments per message (error 30015), and the `attachments` array's maxItems. */
export const MAX_ATTACHMENTS = 10;
const DESCRIPTION_LIMIT = 1024;
const FILENAME_LIMIT = 1024;
const IS_SPOILER = 1 << 3;

/** A file the bot attached to a message, as tests read it back. */
export interface ReceivedAttachment {
  id: string;
  filename: string;
  /** The text alternative (alt text), when one was sent. */
  description?: string;
  contentType: string;
  size: number;
  bytes: Buffer;
  spoiler: boolean;
  /** Shown inside an embed (`attachment://filename`), hence left out of the message's `attachments`. */
  inEmbed: boolean;
}

type AttachmentEntry = NonNullable<MessageBody['attachments']>[number];

/** `n` of a `files[n]` part, or the part's position when it is named otherwise. */
function fileIndex(file: RecordedFile, position: number): string {
  return /^files\[(\d+)\]$/.exec(file.field)?.[1] ?? String(position);
}

/** The message body inside a request: an interaction callback carries it under `data`. */
export function messageBodyOf(request: RestRequest): MessageBody {
  const { body, segments } = request;
  if (segments[0] !== 'interactions') return body as MessageBody;
  const data = body.data;
  return (typeof data === 'object' && data !== null ? data : {}) as MessageBody;
}

/**
 * What Discord answers to the files of a request it would refuse, or null: the whole request
 * over 25 MiB or one file over the upload limit (413, 40005), more than ten files (30015), an
 * attachment whose id names no uploaded file and no attachment Discord knows (50146), and
 * descriptions or file names past their documented length.
 */
export function refuseFiles(
  request: RestRequest,
  rawBytes: number,
  knownAttachment: (id: string) => boolean,
): RestOutcome | null {
  if (rawBytes > MAX_REQUEST_BYTES) return error(413, 'Request entity too large', 40005);
  const { files } = request;
  if (files.some((file) => file.size > ATTACHMENT_SIZE_LIMIT))
    return error(413, 'Request entity too large', 40005);
  if (files.length > MAX_ATTACHMENTS)
    return error(400, 'Maximum number of attachments in a message reached (10)', 30015);
  const entries = messageBodyOf(request).attachments ?? [];
  const uploaded = new Set(files.map(fileIndex));
  for (const [i, entry] of entries.entries()) {
    const id = String(entry.id ?? '');
    if (!uploaded.has(id) && !knownAttachment(id)) return error(400, 'Uploaded file not found.', 50146);
    const tooLong = (field: 'description' | 'filename', limit: number) =>
      typeof entry[field] === 'string' && [...(entry[field] as string)].length > limit
        ? formError(`attachments.${i}.${field}`, limit)
        : null;
    const refused = tooLong('description', DESCRIPTION_LIMIT) ?? tooLong('filename', FILENAME_LIMIT);
    if (refused) return refused;
  }
  return null;
}

function formError(path: string, limit: number): RestOutcome {
  let node: Record<string, unknown> = {
    _errors: [{ code: 'BASE_TYPE_MAX_LENGTH', message: `Must be ${limit} or fewer in length.` }],
  };
  for (const key of path.split('.').reverse()) node = { [key]: node };
  return error(400, 'Invalid Form Body', 50035, { errors: node });
}

/** Every file the fake received, by message, with the attachment objects Discord shows for them. */
export class MessageFiles {
  readonly #byMessage = new Map<string, ReceivedAttachment[]>();
  readonly #known = new Set<string>();

  constructor(private readonly ids: SnowflakeGenerator) {}

  /** An attachment id Discord handed out (a kept attachment is named by it in an edit). */
  known(id: string): boolean {
    return this.#known.has(id);
  }

  received(messageId: string): ReceivedAttachment[] {
    return this.#byMessage.get(messageId) ?? [];
  }

  /**
   * The attachments a create (`editing` false) or edit body leaves on a message, and its embeds with
   * `attachment://` images pointed at them. With an `attachments` list, exactly the listed ones
   * stay (kept by id, new by `n`); without one, a new message takes every file and an edit appends
   * them to what the message had.
   */
  apply(
    messageId: string,
    body: MessageBody,
    files: RecordedFile[],
    editing: boolean,
  ): { attachments: APIAttachment[]; embeds?: APIEmbed[] } {
    const previous = editing ? this.received(messageId) : [];
    const uploaded = new Map(files.map((file, position) => [fileIndex(file, position), file]));
    const entries: AttachmentEntry[] | null = Array.isArray(body.attachments) ? body.attachments : null;
    const list = entries
      ? entries.flatMap((entry) => this.#fromEntry(entry, previous, uploaded))
      : [...previous, ...files.map((file) => this.#fromFile(file, {}))];
    const embeds = body.embeds ? this.#resolveEmbeds(body.embeds, list) : undefined;
    this.#byMessage.set(messageId, list);
    return {
      attachments: list.filter((file) => !file.inEmbed).map(apiAttachment),
      ...(embeds ? { embeds } : {}),
    };
  }

  forget(messageId: string): void {
    this.#byMessage.delete(messageId);
  }

  clear(): void {
    this.#byMessage.clear();
  }

  #fromEntry(
    entry: AttachmentEntry,
    previous: ReceivedAttachment[],
    uploaded: Map<string, RecordedFile>,
  ): ReceivedAttachment[] {
    const id = String(entry.id ?? '');
    const kept = previous.find((file) => file.id === id);
    if (kept) {
      return [
        {
          ...kept,
          ...(entry.description !== undefined ? { description: entry.description ?? undefined } : {}),
          ...(entry.is_spoiler !== undefined ? { spoiler: entry.is_spoiler === true } : {}),
        },
      ];
    }
    const file = uploaded.get(id);
    return file ? [this.#fromFile(file, entry)] : [];
  }

  #fromFile(file: RecordedFile, entry: Partial<AttachmentEntry>): ReceivedAttachment {
    const id = this.ids.next();
    this.#known.add(id);
    return {
      id,
      filename: entry.filename ?? file.name,
      ...(entry.description ? { description: entry.description } : {}),
      contentType: file.contentType,
      size: file.size,
      bytes: file.bytes ?? Buffer.alloc(0),
      spoiler: entry.is_spoiler === true || (entry.filename ?? file.name).startsWith('SPOILER_'),
      inEmbed: false,
    };
  }

  /** `attachment://name` in an embed's image, thumbnail or icons becomes that attachment's URL. */
  #resolveEmbeds(embeds: APIEmbed[], files: ReceivedAttachment[]): APIEmbed[] {
    const resolve = (url: string | undefined): string | undefined => {
      const name = url?.startsWith('attachment://') ? url.slice('attachment://'.length) : undefined;
      const file = name === undefined ? undefined : files.find((candidate) => candidate.filename === name);
      if (!file) return url;
      file.inEmbed = true;
      return cdnUrl(file);
    };
    for (const file of files) file.inEmbed = false;
    return embeds.map((embed) => ({
      ...embed,
      ...(embed.image ? { image: { ...embed.image, url: resolve(embed.image.url) ?? embed.image.url } } : {}),
      ...(embed.thumbnail
        ? { thumbnail: { ...embed.thumbnail, url: resolve(embed.thumbnail.url) ?? embed.thumbnail.url } }
        : {}),
      ...(embed.footer?.icon_url
        ? { footer: { ...embed.footer, icon_url: resolve(embed.footer.icon_url) } }
        : {}),
      ...(embed.author?.icon_url
        ? { author: { ...embed.author, icon_url: resolve(embed.author.icon_url) } }
        : {}),
    }));
  }
}

function cdnUrl(file: ReceivedAttachment): string {
  return `https://cdn.discordapp.invalid/attachments/${file.id}/${encodeURIComponent(file.filename)}`;
}

function apiAttachment(file: ReceivedAttachment): APIAttachment {
  return {
    id: file.id,
    filename: file.filename,
    size: file.size,
    url: cdnUrl(file),
    proxy_url: cdnUrl(file).replace('https://cdn.', 'https://media.'),
    content_type: file.contentType,
    ...(file.description ? { description: file.description } : {}),
    ...(file.spoiler ? { flags: IS_SPOILER } : {}),
  };
}

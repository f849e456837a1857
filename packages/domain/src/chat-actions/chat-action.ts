import type { z } from 'zod';
import type { ChatAction } from '../space-apps';

/**
 * A call's input as far as it can be read. A call cut off by the output limit, or one the model got wrong, may lack
 * any field or hold another type in it, and it is still shown and stored: every reader of it checks each field.
 */
export type CallInput = Record<string, unknown>;

/**
 * How a field of a call is kept with the answer: `text` only when it is a string; `json` whatever the model wrote
 * there (a structure it chose the shape of, cleaned by the server as a request body is).
 */
export type KeptField = 'text' | 'json';

/** What a stored action holds from its call besides its title and type (its state comes from the run). */
export type ActionContent = Pick<ChatAction, 'file' | 'content' | 'entity' | 'permissions' | 'records'>;

/**
 * One of the chat's actions: a tool the model calls, named as the spec's action type (decision 0011, "Chat
 * actions"). The server gives it its execute; everything else about it, on both sides, is read from here.
 */
/**
 * What an action names: a file of the app, an entity of its database, secrets its server functions need, or a tool
 * of a generated app.
 */
export type ActionTarget = 'file' | 'entity' | 'secret' | 'tool';

export interface ChatActionSpec<
  Type extends string = string,
  Input extends z.ZodObject = z.ZodObject,
  Target extends ActionTarget = ActionTarget,
> {
  type: Type;
  target: Target;
  /** what the tool does, as the model reads it */
  description: string;
  /**
   * The tool's input. It stays loose (plain strings, any JSON) so that a bad path, schema or record is answered by
   * the tool, in words the model can fix, rather than by a failed call.
   */
  input: Input;
  /** what the system prompt's list of tools says of it after its name and fields; none when they say it all */
  prompt?: string;
  /** whether a call that succeeded changed what a version holds (files and entity schemas do; records do not) */
  versioned: boolean;
  /** the fields of a call kept with the answer (its stored part's input), and nothing else the model put there */
  kept: Readonly<Record<string, KeptField>>;
  /** how the action list shows it: the verb and its target ('Create pages/About.tsx', 'Add entity Task') */
  title(input: CallInput): string;
  /** what the stored action holds from the call's input */
  fromInput(input: CallInput): ActionContent;
  /** what the tool's answer adds to it once the call ran (the permissions kept, the records inserted) */
  fromOutput?(input: CallInput, output: unknown): ActionContent;
}

/** Declares one action, keeping its input schema's own type for the server's execute. */
export const chatAction = <Type extends string, Input extends z.ZodObject, Target extends ActionTarget>(
  spec: ChatActionSpec<Type, Input, Target>,
): ChatActionSpec<Type, Input, Target> => spec;

export const textOf = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

// How a tool's arguments map to an operation's request: one argument per parameter, named as the
// parameter is when its name is a safe one (names.ts), `body` for the request body and, when the
// body has several media types, `contentType` to choose one. Header parameters named Accept,
// Content-Type or Authorization are left out, as OpenAPI says they are ignored.
import { bodyKind, isJsonMediaType } from '../model/contract/media.ts';
import type { MediaType, Operation, Parameter } from '../model/contract/types.ts';
import { isIgnoredParameter } from '../model/contract/wire.ts';
import { safeName, UniqueNames } from './names.ts';

export interface ParameterArgument {
  arg: string;
  parameter: Parameter;
}

export interface BodyArgument {
  arg: string;
  required: boolean;
  /** The media types the body may be sent as, the one sent by default first. */
  media: MediaType[];
  /** The argument that chooses among several media types. */
  contentTypeArg?: string;
}

export interface ArgumentPlan {
  parameters: ParameterArgument[];
  body?: BodyArgument;
}

/** The media type sent unless the caller chooses: the first JSON one, else the first. */
function byPreference(content: MediaType[]): MediaType[] {
  const first = content.find((m) => isJsonMediaType(m.mediaType) || bodyKind(m.mediaType, m.schema) === 'json') ?? content[0];
  return first ? [first, ...content.filter((m) => m !== first)] : [];
}

export function planArguments(op: Operation): ArgumentPlan {
  const names = new UniqueNames();
  const media = op.requestBody ? byPreference(op.requestBody.content) : [];
  // The body's names first: a parameter named `body` is the one renamed.
  const bodyArg = media.length > 0 ? names.take('body') : undefined;
  const contentTypeArg = media.length > 1 ? names.take('contentType') : undefined;
  const parameters = op.parameters
    .filter((p) => !isIgnoredParameter(p))
    .map((parameter) => ({ arg: names.take(safeName(parameter.name, parameter.in)), parameter }));
  const body = bodyArg ? { arg: bodyArg, required: op.requestBody?.required === true, media, ...(contentTypeArg ? { contentTypeArg } : {}) } : undefined;
  return { parameters, ...(body ? { body } : {}) };
}

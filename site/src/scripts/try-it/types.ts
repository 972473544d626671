// The data the try-it panel's script needs beyond what its server-rendered
// form already says, passed from the page as a JSON island.
import type { BodyKind } from '#model/contract/media.ts';
import type { Credential, ValueShape } from '#model/contract/types.ts';

export type ParamLocation = 'path' | 'query' | 'header' | 'cookie';

/** How a value typed in a field becomes one or more values on the wire (the model's Parameter.shape). */
export type { ValueShape };

export interface ParamSpec {
  name: string;
  in: ParamLocation;
  required: boolean;
  style: string;
  explode: boolean;
  shape: ValueShape;
  /** A parameter described by `content`: its text travels as typed. */
  mediaType?: string;
}

// JSON, form fields, multipart parts, text or bytes: the same rule the mock reads bodies by.
export type { BodyKind };

export interface FieldSpec {
  name: string;
  required: boolean;
  /** A file input (binary string or array of them). */
  file: boolean;
  multiple: boolean;
}

export interface MediaSpec {
  mediaType: string;
  kind: BodyKind;
  /** Example bodies as editor text, for json and text kinds. */
  examples: { label: string; text: string }[];
  fields: FieldSpec[];
}

export type AuthKind = 'bearer' | 'basic' | 'apiKey' | 'token' | 'raw' | 'none';

/** An OAuth 2.0 flow the panel runs itself: authorization code with PKCE, or client credentials. */
export interface OAuthFlowSpec {
  kind: 'authorizationCode' | 'clientCredentials';
  authorizationUrl?: string;
  tokenUrl: string;
}

export interface AuthSchemeSpec {
  name: string;
  /** Which fields the panel asks for: a key or token, a user name and password, a whole header value. */
  kind: AuthKind;
  /** Where the credential goes and in what form: the model's, for the scheme (none for `none`). */
  credential?: Credential;
  /** How the panel gets a token for an OAuth 2.0 or OpenID Connect scheme: its declared flows, or where to discover them. */
  oauth?: { flows: OAuthFlowSpec[]; discovery?: string };
}

export interface PanelData {
  method: string;
  path: string;
  mockUrl: string;
  params: ParamSpec[];
  body?: { required: boolean; media: MediaSpec[] };
  schemes: AuthSchemeSpec[];
  /** Each alternative lists the names of the schemes it needs; [] means no auth. */
  alternatives: string[][];
  servers: { url: string; variables: string[] }[];
  /** The target selected before the reader chooses: `server-0` or `mock`. */
  defaultTarget: string;
}

/** One part of a body, as the reader filled it in. */
export interface BodyPart {
  name: string;
  value?: string;
  /** A chosen file; the code samples refer to it by name. */
  file?: Blob & { name: string };
}

export type BodyInput =
  | { kind: 'json'; mediaType: string; text: string }
  | { kind: 'text'; mediaType: string; text: string }
  | { kind: 'form'; mediaType: string; parts: BodyPart[] }
  | { kind: 'multipart'; mediaType: string; parts: BodyPart[] }
  | { kind: 'binary'; mediaType: string; file?: Blob & { name: string } };

export interface RequestInput {
  method: string;
  /** Base URL of the target, servers' variables already filled in. */
  base: string;
  path: string;
  params: { spec: ParamSpec; value: string }[];
  /** Credentials to send, per scheme of the chosen alternative. */
  auth: { scheme: AuthSchemeSpec; values: Record<string, string> }[];
  body?: BodyInput;
  /** Mock scenario, the `Prefer` header's value. */
  prefer?: string;
  /** Headers and cookies the reader adds to every request (the panel's "Headers and cookies"). */
  extras?: Extra[];
}

/** A header or cookie the reader adds to every request. */
export interface Extra {
  kind: 'header' | 'cookie';
  name: string;
  value: string;
}

export interface BuiltRequest {
  method: string;
  url: string;
  /** Header names as written; `Cookie` included (browsers will not send it). */
  headers: [string, string][];
  body?: BodyInput;
  /** The reader's credentials are in it (a header or the query): a redirect is then not followed. */
  credentials: boolean;
}

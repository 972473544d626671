// What the try-it panel shows for one operation, computed at build time from
// the shared model: the server-rendered fields and the JSON island the
// panel's script reads.
import type { MediaType, Operation, Parameter, Sample, SchemaNode, SecurityScheme, Server } from '#model/contract/types.ts';
import type {
  AuthSchemeSpec,
  BodyInput,
  BodyKind,
  FieldSpec,
  MediaSpec,
  OAuthFlowSpec,
  PanelData,
  ParamSpec,
  RequestInput,
} from '../../scripts/try-it/types.ts';
import { markdownToText } from '../../lib/markdown.ts';
import { selectable } from '#reference/enum-display.ts';
import { browserSends } from '../../scripts/try-it/headers.ts';
import { DEFAULT_MOCK_URL } from '#defaults';
import { isMockServer } from '../../lib/urls.ts';
import { bodyKind, isJsonMediaType } from '#model/contract/media.ts';
import { mergeSchema, type SchemaLookup } from '#model/contract/schema-merge.ts';
import { isIgnoredParameter } from '#model/contract/wire.ts';

export interface Choice {
  value: string;
  label: string;
  /** What the label means, set off by a dash in the page. */
  detail?: string;
  selected: boolean;
}

/** One form control, already decided: which element, its label, value and hint. */
export interface FieldView {
  id: string;
  label: string;
  /** `select` for enums and booleans, `file` for binary fields, else an input type. */
  control: 'text' | 'number' | 'select' | 'file' | 'textarea';
  value: string;
  placeholder?: string;
  options: Choice[];
  required: boolean;
  multiple: boolean;
  min?: number;
  max?: number;
  step?: string;
  /** Type, format, bounds: one short line under the field. */
  hint: string;
}

export interface ParamView extends FieldView {
  in: Parameter['in'];
  name: string;
  deprecated: boolean;
  /** Browsers do not let a page send this one; only the code samples carry it. */
  curlOnly: boolean;
}

export interface AuthInput {
  id: string;
  part: string;
  label: string;
  type: 'text' | 'password';
  autocomplete: string;
  /** Shown under the field. */
  hint?: string;
  value?: string;
}

export interface AuthView {
  scheme: string;
  kind: AuthSchemeSpec['kind'] | 'unsupported';
  title: string;
  note: string;
  inputs: AuthInput[];
  /** Getting a token for an OAuth 2.0 or OpenID Connect scheme: the flows offered and the client's fields. */
  oauth?: { id: string; flows: Choice[]; inputs: AuthInput[] };
}

export interface MediaView {
  id: string;
  mediaType: string;
  kind: BodyKind;
  examples: Choice[];
  text: string;
  fields: FieldView[];
}

export interface ServerView {
  id: string;
  url: string;
  description: string;
  variables: FieldView[];
}

export interface PanelView {
  data: PanelData;
  /** The target chosen before the reader chooses one: the operation's first server, the mock when that is the mock or there is none. */
  defaultTarget: string;
  method: string;
  path: string;
  servers: ServerView[];
  params: Record<Parameter['in'], ParamView[]>;
  auth: AuthView[];
  /** Labels of the security alternatives, when there is more than one. */
  alternatives: Choice[];
  body?: { required: boolean; description: string; media: MediaView[] };
  scenarios: Choice[];
  /** What the panel sends as first rendered (to the default target, no credentials): the request samples start from it. */
  input: RequestInput;
}

type Resolver = (node: SchemaNode | undefined) => SchemaNode | undefined;

/** Follows component references and merges allOf, so fields see a property list and a type. */
function makeResolver(schemas: SchemaLookup): Resolver {
  const resolve = (node: SchemaNode | undefined, depth: number): SchemaNode | undefined => {
    if (!node) return undefined;
    if (node.ref && !schemas.has(node.ref)) return undefined;
    const merged = mergeSchema(node, schemas);
    // No type but alternatives: the first alternative is what the field is prefilled as.
    const alternative = merged.oneOf?.[0] ?? merged.anyOf?.[0];
    if (!merged.type?.length && alternative && depth < 8) return resolve(alternative, depth + 1);
    return merged;
  };
  return (node) => resolve(node, 0);
}

function asText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.every((item) => item === null || typeof item !== 'object')) return value.join(', ');
  return JSON.stringify(value);
}

function isBinary(schema: SchemaNode | undefined): boolean {
  return schema?.type?.includes('string') === true && schema.format === 'binary';
}

interface FieldSource {
  id: string;
  label: string;
  required: boolean;
  schema: SchemaNode | undefined;
  /** Value to prefill. */
  value: unknown;
  /** Shown as a placeholder when nothing is prefilled. */
  example?: unknown;
}

function fieldView(source: FieldSource, resolve: Resolver): FieldView {
  const schema = resolve(source.schema);
  const type = schema?.type?.[0] ?? (schema?.properties ? 'object' : 'string');
  const items = resolve(schema?.items);
  const hint: string[] = [type === 'array' ? `array of ${items?.type?.[0] ?? 'values'}, comma-separated` : type];
  if (schema?.format) hint.push(schema.format);
  if (schema?.minimum !== undefined) hint.push(`min ${schema.minimum}`);
  if (schema?.maximum !== undefined) hint.push(`max ${schema.maximum}`);
  if (schema?.minLength !== undefined || schema?.maxLength !== undefined) {
    hint.push(lengthHint(schema.minLength, schema.maxLength));
  }
  if (type === 'object') hint.push('as JSON');
  if (schema?.default !== undefined) hint.push(`default ${asText(schema.default)}`);
  // A large enumeration is typed in: listed as options, it would be written on every page that uses it.
  const listed = schema?.enum && selectable(schema.enum) ? schema.enum : undefined;
  if (schema?.enum && !listed) hint.push(`one of ${schema.enum.length} values`);
  const enumValues = listed ?? (type === 'boolean' ? [true, false] : undefined);
  const base = {
    id: source.id,
    label: source.label,
    required: source.required,
    value: asText(source.value),
    options: [] as Choice[],
    multiple: false,
    hint: hint.join(' · '),
  };
  if (enumValues && type !== 'array' && type !== 'object') {
    const selected = base.value;
    const options: Choice[] = enumValues
      .filter((value) => value !== null)
      .map((value) => ({ value: asText(value), label: asText(value), selected: asText(value) === selected }));
    // An optional field can be left out; a required one starts on a real value.
    if (!source.required) options.unshift({ value: '', label: '(not sent)', selected: selected === '' });
    else if (!options.some((option) => option.selected) && options[0]) options[0].selected = true;
    return { ...base, control: 'select', options, value: options.find((o) => o.selected)?.value ?? '' };
  }
  if (isBinary(schema) || (type === 'array' && isBinary(items))) {
    return { ...base, control: 'file', value: '', multiple: type === 'array', hint: type === 'array' ? 'files' : 'file' };
  }
  const placeholder = base.value === '' && source.example !== undefined ? `e.g. ${asText(source.example)}` : undefined;
  if (type === 'integer' || type === 'number') {
    return {
      ...base,
      control: 'number',
      placeholder,
      min: schema?.minimum,
      max: schema?.maximum,
      step: type === 'integer' ? '1' : 'any',
    };
  }
  return { ...base, control: 'text', placeholder };
}

/** Required fields start with the model's sample, unless it was only made from the type; optional ones with their default only. */
function prefill(required: boolean, sample: Sample | undefined, schema: SchemaNode | undefined): unknown {
  return required && sample && !sample.generated ? sample.value : schema?.default;
}

function exampleLabel(example: MediaType['examples'][number]): string {
  // A variant's example (reading-examples.ts) is generated too, but named by its variant.
  if (example.generated && example.name === 'generated') return 'Generated from the schema';
  return example.summary ? `${example.name}: ${example.summary}` : example.name;
}

function exampleText(value: unknown, kind: BodyKind): string {
  if (value === undefined) return '';
  if (kind === 'text' && typeof value === 'string') return value;
  return JSON.stringify(value, null, 2);
}

function mediaView(media: MediaType, index: number, resolve: Resolver): { view: MediaView; spec: MediaSpec } {
  const kind = bodyKind(media.mediaType, resolve(media.schema));
  const id = `try-it-body-${index}`;
  const examples = media.examples.filter((example) => example.value !== undefined);
  const texts = examples.map((example) => ({ label: exampleLabel(example), text: exampleText(example.value, kind) }));
  const fields: FieldView[] = [];
  const specs: FieldSpec[] = [];
  if (kind === 'form' || kind === 'multipart') {
    const schema = resolve(media.schema);
    const sample = examples[0]?.value;
    const sampleObject = sample && typeof sample === 'object' && !Array.isArray(sample) ? (sample as Record<string, unknown>) : {};
    const properties = schema?.properties?.length ? schema.properties : Object.keys(sampleObject).map((name) => ({ name, required: false, schema: undefined }));
    properties.forEach((property, fieldIndex) => {
      const field = fieldView(
        {
          id: `${id}-field-${fieldIndex}`,
          label: property.name,
          required: property.required,
          schema: property.schema,
          value: sampleObject[property.name] ?? resolve(property.schema)?.default,
        },
        resolve,
      );
      // Forms cannot send a file unless they are multipart.
      const usable = kind === 'multipart' || field.control !== 'file' ? field : { ...field, control: 'text' as const };
      fields.push(usable);
      specs.push({ name: property.name, required: property.required, file: usable.control === 'file', multiple: usable.multiple });
    });
  }
  return {
    view: {
      id,
      mediaType: media.mediaType,
      kind,
      examples: texts.map((example, i) => ({ value: String(i), label: example.label, selected: i === 0 })),
      text: texts[0]?.text ?? '',
      fields,
    },
    spec: { mediaType: media.mediaType, kind, examples: texts, fields: specs },
  };
}

const FLOW_LABELS: Record<OAuthFlowSpec['kind'], string> = {
  authorizationCode: 'Authorization code with PKCE',
  clientCredentials: 'Client credentials',
};

/** The flows the panel can run for a scheme: its declared authorization code and client credentials flows, or all of them once discovered. */
function oauthFlows(scheme: SecurityScheme): AuthSchemeSpec['oauth'] {
  if (scheme.type === 'openIdConnect') {
    return scheme.openIdConnectUrl ? { flows: [], discovery: scheme.openIdConnectUrl } : undefined;
  }
  const flows: OAuthFlowSpec[] = [];
  const code = scheme.flows?.authorizationCode;
  if (code?.authorizationUrl && code.tokenUrl) flows.push({ kind: 'authorizationCode', authorizationUrl: code.authorizationUrl, tokenUrl: code.tokenUrl });
  const client = scheme.flows?.clientCredentials;
  if (client?.tokenUrl) flows.push({ kind: 'clientCredentials', tokenUrl: client.tokenUrl });
  return flows.length > 0 ? { flows } : undefined;
}

/** The client's fields for getting a token: flow, client ID and secret, scopes (the operation's, to start with). */
function oauthView(scheme: SecurityScheme, oauth: NonNullable<AuthSchemeSpec['oauth']>, scopes: string[]): AuthView['oauth'] {
  const id = `try-it-auth-${scheme.name.replace(/[^A-Za-z0-9_-]/g, '_')}`;
  const kinds = oauth.discovery ? (['authorizationCode', 'clientCredentials'] as const) : oauth.flows.map((flow) => flow.kind);
  const declared = Object.keys(Object.values(scheme.flows ?? {})[0]?.scopes ?? {});
  return {
    id,
    flows: kinds.map((kind, index) => ({ value: kind, label: FLOW_LABELS[kind], selected: index === 0 })),
    inputs: [
      { id: `${id}-client-id`, part: 'clientId', label: 'Client ID', type: 'text', autocomplete: 'off' },
      {
        id: `${id}-client-secret`,
        part: 'clientSecret',
        label: 'Client secret',
        type: 'password',
        autocomplete: 'off',
        hint: 'Needed for client credentials; leave it empty for a public client.',
      },
      {
        id: `${id}-scopes`,
        part: 'scopes',
        label: 'Scopes',
        type: 'text',
        autocomplete: 'off',
        value: scopes.join(' '),
        hint: declared.length > 0 ? `Separated by spaces; declared: ${declared.join(', ')}.` : 'Separated by spaces.',
      },
    ],
  };
}

/** The fields a scheme asks for, by where its credential goes and in what form (the model's Credential). */
function authView(scheme: SecurityScheme, scopes: string[] = []): { view: AuthView; spec: AuthSchemeSpec } {
  const id = (part: string) => `try-it-auth-${scheme.name.replace(/[^A-Za-z0-9_-]/g, '_')}-${part}`;
  const secret = (label: string) => [{ id: id('secret'), part: 'secret', label, type: 'text' as const, autocomplete: 'off' }];
  const credential = scheme.credential;
  const view = (kind: AuthSchemeSpec['kind'], note: string, inputs: AuthView['inputs']) => ({
    view: { scheme: scheme.name, kind, title: scheme.name, note, inputs },
    spec: { name: scheme.name, kind, credential },
  });
  if (credential?.form === 'bearer' && scheme.type === 'http') {
    return view(
      'bearer',
      `Sent as ${credential.name}: ${credential.prefix} <key>.`,
      secret(scheme.bearerFormat ? `Bearer token (${scheme.bearerFormat})` : 'API key (Bearer token)'),
    );
  }
  if (credential?.form === 'bearer') {
    const oauth = oauthFlows(scheme);
    const made = view(
      'token',
      `${oauth ? 'Get an access token below, or paste one' : 'Paste an access token'} obtained through ${scheme.type === 'oauth2' ? 'OAuth 2.0' : 'OpenID Connect'}; it is sent as ${credential.name}: ${credential.prefix} <token>.`,
      secret('Access token'),
    );
    if (!oauth) return made;
    return { view: { ...made.view, oauth: oauthView(scheme, oauth, scopes) }, spec: { ...made.spec, oauth } };
  }
  if (credential?.form === 'basic') {
    return view('basic', `Sent as ${credential.name}: ${credential.prefix}, user name and password encoded together.`, [
      { id: id('username'), part: 'username', label: 'User name', type: 'text', autocomplete: 'off' },
      { id: id('password'), part: 'password', label: 'Password', type: 'password', autocomplete: 'off' },
    ]);
  }
  if (credential?.form === 'scheme') {
    return view('raw', `The whole ${credential.name} header value for the ${credential.prefix} scheme.`, secret('Authorization header value'));
  }
  if (credential?.form === 'key' && credential.name) {
    const where = { header: 'header', query: 'query parameter', cookie: 'cookie' }[credential.in];
    return view(
      'apiKey',
      credential.in === 'cookie'
        ? `Sent as the cookie ${credential.name}. Browsers do not let a page set cookies for another site, so only the code samples carry it.`
        : `Sent in the ${where} ${credential.name}.`,
      secret(`API key (${where} ${credential.name})`),
    );
  }
  return {
    view: {
      scheme: scheme.name,
      kind: 'unsupported',
      title: scheme.name,
      note: 'This scheme (for example a client certificate) is set up in the browser or the operating system, not here.',
      inputs: [],
    },
    spec: { name: scheme.name, kind: 'none' },
  };
}

function scenarios(operation: Operation): Choice[] {
  const out: Choice[] = [{ value: '', label: 'Let the mock choose (the first success answer)', selected: true }];
  for (const response of operation.responses) {
    if (!/^\d{3}$/.test(response.status)) continue;
    const summary = firstSentence(response.description);
    out.push({ value: `code=${response.status}`, label: response.status, detail: summary || undefined, selected: false });
    const media = response.content.find((m) => isJsonMediaType(m.mediaType)) ?? response.content[0];
    for (const example of media?.examples ?? []) {
      if (example.generated || example.name === 'default' || /[,;=\s"]/.test(example.name)) continue;
      out.push({
        value: `code=${response.status}, example=${example.name}`,
        label: `${response.status}, example ${example.name}${example.summary ? `: ${example.summary}` : ''}`,
        selected: false,
      });
    }
  }
  return out;
}

/** A description's first sentence as plain words, short enough for an option or a hint. */
function firstSentence(markdown: string | undefined): string {
  // Through the portal's Markdown reader: code spans keep their text (`<API_KEY>`, `snake_case`).
  const text = markdownToText(markdown, 400);
  const sentence = /^.*?[.!?](?=\s|$)/.exec(text)?.[0] ?? text;
  return sentence.length > 90 ? `${sentence.slice(0, 87).trimEnd()}...` : sentence;
}

/** A string's length bounds in words: `1 to 100 characters`, `up to 100 characters`, `at least 1 character`. */
function lengthHint(min: number | undefined, max: number | undefined): string {
  const unit = (n: number) => `${n} character${n === 1 ? '' : 's'}`;
  if (max === undefined) return `at least ${unit(min ?? 0)}`;
  return min ? `${min} to ${unit(max)}` : `up to ${unit(max)}`;
}

/** Two schemes of one kind would give two fields one label; the scheme's name tells them apart. */
function disambiguate(views: AuthView[]): AuthView[] {
  const labels = views.flatMap((view) => view.inputs.map((input) => input.label));
  return views.map((view) => ({
    ...view,
    inputs: view.inputs.map((input) =>
      labels.filter((label) => label === input.label).length > 1 ? { ...input, label: `${input.label}, ${view.scheme}` } : input,
    ),
  }));
}

function securityLabel(names: string[]): string {
  return names.length === 0 ? 'No authentication' : names.join(' and ');
}

/** The operation's parameters as fields by location, and as the specs the script reads them by. */
function paramViews(operation: Operation, resolve: Resolver): { params: PanelView['params']; specs: ParamSpec[] } {
  const params: PanelView['params'] = { path: [], query: [], header: [], cookie: [] };
  const specs: ParamSpec[] = [];
  const usable = operation.parameters.filter((p) => !isIgnoredParameter(p));
  usable.forEach((parameter, index) => {
    const schema = resolve(parameter.schema);
    const field = fieldView(
      {
        id: `try-it-param-${index}`,
        label: parameter.name,
        required: parameter.required,
        schema: parameter.schema,
        value: prefill(parameter.required, parameter.sample, schema),
        example: parameter.example,
      },
      resolve,
    );
    const curlOnly = parameter.in === 'cookie' || (parameter.in === 'header' && !browserSends(parameter.name));
    params[parameter.in].push({ ...field, in: parameter.in, name: parameter.name, deprecated: parameter.deprecated, curlOnly });
    const { name, required, style, explode, shape, mediaType } = parameter;
    specs.push({ name, in: parameter.in, required, style, explode, shape, ...(mediaType ? { mediaType } : {}) });
  });
  return { params, specs };
}

/**
 * The servers offered (those the operation declares, but one that is the mock itself) and the
 * target chosen before the reader chooses: the first server the description names, where the
 * samples send it too (one truth for the request); the mock when that is the mock (urls.ts).
 */
function targets(operation: Operation, servers: Server[], mockUrl: string, resolve: Resolver) {
  const isMock = (server: Server) => isMockServer(server.url, mockUrl);
  const declared = operation.servers.length > 0 ? operation.servers : servers;
  const list = declared.filter((server) => !isMock(server));
  const first = declared[0];
  const defaultTarget = first && !isMock(first) ? 'server-0' : 'mock';
  const views: ServerView[] = list.map((server, index) => ({
    id: `try-it-server-${index}`,
    url: server.url,
    description: firstSentence(server.description),
    variables: Object.entries(server.variables).map(([name, variable], vIndex) =>
      fieldView(
        { id: `try-it-server-${index}-var-${vIndex}`, label: name, required: true, schema: { type: ['string'], enum: variable.enum }, value: variable.default },
        resolve,
      ),
    ),
  }));
  const base = defaultTarget === 'mock' || !first ? mockUrl : first.resolvedUrl.replace(/\/+$/, '');
  return { list, views, defaultTarget, base };
}

/** The schemes of every alternative the operation accepts, each with the scopes it asks of it. */
function schemeViews(operation: Operation, securitySchemes: SecurityScheme[]) {
  const alternatives = operation.security.map((requirement) => requirement.schemes.map((s) => s.name));
  const scopesOf = (name: string) => [...new Set(operation.security.flatMap((r) => r.schemes.filter((s) => s.name === name).flatMap((s) => s.scopes)))];
  const schemes = [...new Set(alternatives.flat())]
    .map((name) => securitySchemes.find((scheme) => scheme.name === name))
    .filter((scheme): scheme is SecurityScheme => scheme !== undefined)
    .map((scheme) => authView(scheme, scopesOf(scheme.name)));
  return { alternatives, schemes };
}

function bodyViews(operation: Operation, resolve: Resolver): { view?: PanelView['body']; spec?: PanelData['body'] } {
  const requestBody = operation.requestBody;
  if (!requestBody || requestBody.content.length === 0) return {};
  const media = requestBody.content.map((m, index) => mediaView(m, index, resolve));
  return {
    view: { required: requestBody.required, description: firstSentence(requestBody.description), media: media.map((m) => m.view) },
    spec: { required: requestBody.required, media: media.map((m) => m.spec) },
  };
}

/** The body as first rendered: the first media type's first example, or its prefilled fields. */
function initialBody(first: MediaView | undefined): BodyInput | undefined {
  if (first?.kind === 'json' || first?.kind === 'text') return { kind: first.kind, mediaType: first.mediaType, text: first.text };
  if (first?.kind === 'form' || first?.kind === 'multipart') {
    const parts = first.fields.filter((f) => f.control !== 'file' && f.value !== '').map((f) => ({ name: f.label, value: f.value }));
    return { kind: first.kind, mediaType: first.mediaType, parts };
  }
  return first ? { kind: 'binary', mediaType: first.mediaType } : undefined;
}

export function panelView(
  operation: Operation,
  servers: Server[],
  securitySchemes: SecurityScheme[],
  mockUrl: string = DEFAULT_MOCK_URL,
  /** Component schemas by name, built once per document (not per page). */
  schemas: SchemaLookup = new Map(),
): PanelView {
  const resolve = makeResolver(schemas);
  const method = operation.method.toUpperCase();
  const { params, specs } = paramViews(operation, resolve);
  const target = targets(operation, servers, mockUrl, resolve);
  const { alternatives, schemes } = schemeViews(operation, securitySchemes);
  const body = bodyViews(operation, resolve);
  const data: PanelData = {
    method,
    path: operation.path,
    mockUrl,
    params: specs,
    body: body.spec,
    schemes: schemes.map((s) => s.spec),
    alternatives,
    servers: target.list.map((server, index) => ({ url: target.views[index]?.url ?? '', variables: Object.keys(server.variables) })),
    defaultTarget: target.defaultTarget,
  };
  // What the panel would send as first rendered: the page's samples show it, even without the script.
  const input: RequestInput = {
    method,
    base: target.base,
    path: operation.path,
    params: specs.map((spec, index) => ({ spec, value: fieldValue(params, index) })),
    auth: schemes.filter((s) => alternatives[0]?.includes(s.spec.name)).map((s) => ({ scheme: s.spec, values: {} })),
    body: initialBody(body.view?.media[0]),
  };
  return {
    data,
    defaultTarget: target.defaultTarget,
    method,
    path: operation.path,
    servers: target.views,
    params,
    auth: disambiguate(schemes.map((s) => s.view)),
    alternatives:
      alternatives.length > 1 ? alternatives.map((names, index) => ({ value: String(index), label: securityLabel(names), selected: index === 0 })) : [],
    body: body.view,
    scenarios: scenarios(operation),
    input,
  };
}

function fieldValue(params: PanelView['params'], index: number): string {
  const id = `try-it-param-${index}`;
  for (const list of Object.values(params)) {
    const found = list.find((p) => p.id === id);
    if (found) return found.value;
  }
  return '';
}

/** JSON for a `<script type="application/json">`: nothing in it can close the element or start markup. */
export function islandJson(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

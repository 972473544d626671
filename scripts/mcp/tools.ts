// A tool per operation: its name (names.ts), input schema (arguments.ts, json-schema.ts),
// description and annotations. Names are decided for every operation at start (cheap, and a
// replacement's tool must be nameable); definitions are written when a page of the list or a call
// first needs them, so a large API's server answers its first page without writing the rest.
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { ApiModel, Operation } from '../model/contract/types.ts';
import { humanDate, STABILITY_TEXT } from '../reference/labels.ts';
import { codeSpan } from '../reference/markdown-text.ts';
import { type ArgumentPlan, planArguments } from './arguments.ts';
import { type JsonSchema, SchemaWriter } from './json-schema.ts';
import { safeName, UniqueNames } from './names.ts';
import { cut, quoted } from './quote.ts';
import { operationUri } from './uris.ts';

export const SEARCH_TOOL = 'search_operations';

export interface ToolPlan extends ArgumentPlan {
  name: string;
  operation: Operation;
}

/** Where calls go, as the tools' descriptions say it. */
export interface TargetInfo {
  mock: boolean;
  url: string;
}

export class ToolCatalog {
  readonly plans: ToolPlan[];
  private readonly byName = new Map<string, ToolPlan>();
  private readonly bySlug = new Map<string, ToolPlan>();
  private readonly written = new Map<string, Tool>();
  private readonly writer: SchemaWriter;
  private readonly target: TargetInfo;

  constructor(model: ApiModel, target: TargetInfo) {
    this.target = target;
    this.writer = new SchemaWriter(new Map(model.schemas.map((s) => [s.name, s])));
    const names = new UniqueNames([SEARCH_TOOL]);
    this.plans = model.operations.map((operation) => ({
      name: names.take(safeName(operation.operationId ?? operation.slug, 'operation')),
      operation,
      parameters: [],
    }));
    for (const plan of this.plans) {
      this.byName.set(plan.name, plan);
      this.bySlug.set(plan.operation.slug, plan);
    }
  }

  /** The plan of a tool, its arguments worked out on first use. */
  plan(name: string): ToolPlan | undefined {
    const plan = this.byName.get(name);
    if (plan) this.tool(plan);
    return plan;
  }

  toolOf(slug: string): ToolPlan | undefined {
    return this.bySlug.get(slug);
  }

  tool(plan: ToolPlan): Tool {
    let tool = this.written.get(plan.name);
    if (!tool) {
      Object.assign(plan, planArguments(plan.operation));
      tool = this.write(plan);
      this.written.set(plan.name, tool);
    }
    return tool;
  }

  private write(plan: ToolPlan): Tool {
    const op = plan.operation;
    const method = op.method.toUpperCase();
    const readOnly = method === 'GET' || method === 'HEAD' || method === 'OPTIONS';
    return {
      name: plan.name,
      title: `${method} ${cut(op.path, 100)}${op.deprecated ? ' (deprecated)' : ''}`,
      description: this.description(plan),
      inputSchema: this.inputSchema(plan) as Tool['inputSchema'],
      annotations: {
        readOnlyHint: readOnly,
        ...(readOnly ? {} : { destructiveHint: method === 'DELETE', idempotentHint: method === 'PUT' || method === 'DELETE' }),
        openWorldHint: !this.target.mock,
      },
    };
  }

  private description(plan: ToolPlan): string {
    const op = plan.operation;
    const lines = [`${codeSpan(`${op.method.toUpperCase()} ${cut(op.path, 200)}`)}, operation ${plan.name}.`];
    if (op.deprecated) {
      const sunset = op.deprecation?.sunset;
      const replacement = op.deprecation?.replacedBy ? this.bySlug.get(op.deprecation.replacedBy) : undefined;
      lines.push(
        `Deprecated${sunset ? `: it may stop answering after ${humanDate(sunset)} (its sunset)` : ''}.${replacement ? ` Use the tool ${replacement.name} instead.` : ''}`,
      );
    }
    if (op.stability !== 'stable') lines.push(`${STABILITY_TEXT[op.stability].label}: ${STABILITY_TEXT[op.stability].promise}`);
    lines.push(
      this.target.mock
        ? 'Sends the request to the mock server of this description, which answers from its examples.'
        : `Sends the request to ${this.target.url}.`,
    );
    const summary = quoted(op.summary, 200);
    if (summary) lines.push(`Summary: ${summary}`);
    const about = quoted(op.description, 400);
    if (about) lines.push(`Description: ${about}`);
    lines.push(`Parameters, bodies and responses in full: the resource ${operationUri(op)}.`);
    return lines.join('\n');
  }

  private inputSchema(plan: ToolPlan): JsonSchema {
    const refs = new Set<string>();
    const properties: JsonSchema = Object.create(null);
    const required: string[] = [];
    for (const { arg, parameter } of plan.parameters) {
      const schema: JsonSchema = { ...(parameter.schema ? this.writer.write(parameter.schema, refs) : {}) };
      const about = quoted(parameter.description, 300);
      schema.description = `${parameter.in[0]?.toUpperCase()}${parameter.in.slice(1)} parameter${arg === parameter.name ? '' : ` ${codeSpan(cut(parameter.name, 200))}`}.${about ? ` ${about}` : ''}`;
      if (parameter.deprecated) schema.deprecated = true;
      properties[arg] = schema;
      if (parameter.required) required.push(arg);
    }
    const body = plan.body;
    if (body) {
      const first = body.media[0];
      const same = body.media.every((m) => JSON.stringify(m.schema) === JSON.stringify(first?.schema));
      const schema: JsonSchema = { ...(first?.schema && same ? this.writer.write(first.schema, refs) : {}) };
      schema.description = `Request body, sent as ${body.contentTypeArg ? `${body.contentTypeArg} says (default ${first?.mediaType})` : first?.mediaType}.`;
      properties[body.arg] = schema;
      if (body.required) required.push(body.arg);
      if (body.contentTypeArg)
        properties[body.contentTypeArg] = { type: 'string', enum: body.media.map((m) => m.mediaType), description: 'Media type of the body.' };
    }
    const schema: JsonSchema = { type: 'object', properties, additionalProperties: false };
    if (required.length > 0) schema.required = required;
    if (refs.size > 0) schema.$defs = this.writer.defs(refs);
    return schema;
  }
}

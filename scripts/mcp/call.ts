// A tool call: its arguments checked against the tool's input schema (validate.ts), written as the
// request they stand for (request.ts) with the call's credentials (auth.ts), sent to the target
// (the in-process mock, or the --server the user named) and the answer returned (answer.ts).
// Redirects are reported, not followed, so credentials go nowhere but the target; an answer that
// takes longer than the timeout is a tool error.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { SecurityScheme } from '../model/contract/types.ts';
import { BODY_READ_MAX, type Received, toolAnswer, toolError } from './answer.ts';
import { credentialsFor, type Secrets } from './auth.ts';
import { buildHttpRequest } from './request.ts';
import type { ToolPlan } from './tools.ts';
import { argumentProblem } from './validate.ts';

export interface Target {
  /** The base URL requests go to. */
  url: string;
  mock: boolean;
  secrets: Secrets;
  schemes: ReadonlyMap<string, SecurityScheme>;
  timeoutMs: number;
}

async function readBody(response: Response): Promise<{ bytes: Uint8Array; truncated: boolean }> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  let truncated = false;
  const reader = response.body?.getReader();
  while (reader) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.length;
    if (size > BODY_READ_MAX) {
      truncated = true;
      await reader.cancel();
      break;
    }
  }
  return { bytes: Buffer.concat(chunks).subarray(0, BODY_READ_MAX), truncated };
}

export async function callTool(plan: ToolPlan, inputSchema: object, args: Record<string, unknown>, target: Target): Promise<CallToolResult> {
  const problem = argumentProblem(inputSchema, args);
  if (problem) return toolError(`Not sent: ${problem}.`);
  const credentials = credentialsFor(plan.operation, target.schemes, target.secrets, target.mock);
  const request = buildHttpRequest(plan, args, target.url, credentials);
  let received: Received;
  try {
    const response = await fetch(request.url, {
      method: request.method,
      headers: request.headers,
      ...(request.body !== undefined ? { body: request.body } : {}),
      redirect: 'manual',
      signal: AbortSignal.timeout(target.timeoutMs),
    });
    received = { status: response.status, headers: response.headers, ...(await readBody(response)) };
  } catch (error) {
    const cause =
      (error as Error).name === 'TimeoutError' ? `no answer within ${target.timeoutMs} ms` : String((error as Error).cause ?? (error as Error).message);
    // The path template, not the URL: a query may carry a credential.
    return toolError(`The request ${request.method} ${plan.operation.path} could not be completed: ${cause}.`);
  }
  const answer = toolAnswer(plan.operation, received);
  if (received.status === 401 && credentials.length === 0 && !target.mock) {
    answer.content.push({ type: 'text', text: 'No credential was sent: the server takes them from --auth or the MCP_AUTH environment variable.' });
  }
  return answer;
}

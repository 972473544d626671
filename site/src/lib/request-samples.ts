// From what the panel holds to the code samples: the try-it request builder makes the request,
// snippets.ts writes it in each language. The one path for the samples a page is built with
// and for the ones the browser writes as the reader types.
import { buildRequest } from '../scripts/try-it/request.ts';
import type { RequestInput } from '../scripts/try-it/types.ts';
import { cookieProblem } from './request-encoding.ts';
import { readablePlaceholders } from './sample-input.ts';
import { codeSamples, sampleRequest, type CodeSamples } from './snippets.ts';

export function requestSamples(input: RequestInput): CodeSamples {
  // A cookie whose name is no token cannot be sent at all: left out, and said so.
  const omitted: string[] = [];
  const params = input.params.filter(({ spec, value }) => {
    const problem = spec.in === 'cookie' && value !== '' ? cookieProblem(spec.name) : undefined;
    if (problem) omitted.push(`Left out of the samples: ${problem}.`);
    return !problem;
  });
  const request = sampleRequest(buildRequest({ ...input, params: input.params.length === params.length ? input.params : params }));
  request.url = readablePlaceholders(request.url).replace(/%3C(API_KEY|ACCESS_TOKEN)%3E/g, '<$1>');
  request.omitted.unshift(...omitted);
  return codeSamples(request);
}

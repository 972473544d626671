// The curl command for a built request, quoted for POSIX shells (the shared rule in request-encoding.ts).
import { shellQuote } from '../../lib/request-encoding.ts';
import { formEncode } from './request.ts';
import type { BuiltRequest } from './types.ts';

export { shellQuote };

export function toCurl(request: BuiltRequest): string {
  const args: string[] = ['curl'];
  if (request.method === 'HEAD') args.push('--head');
  else if (request.method !== 'GET') args.push('-X', request.method);
  args.push(shellQuote(request.url));
  for (const [name, value] of request.headers) args.push('-H', shellQuote(`${name}: ${value}`));
  const body = request.body;
  if (body?.kind === 'json' || body?.kind === 'text') args.push('--data-raw', shellQuote(body.text));
  else if (body?.kind === 'form') args.push('--data-raw', shellQuote(formEncode(body.parts)));
  else if (body?.kind === 'multipart') {
    for (const part of body.parts) {
      // --form-string keeps a value starting with @ or < from being read as a file name.
      if (part.file) args.push('-F', shellQuote(`${part.name}=@${part.file.name}`));
      else args.push('--form-string', shellQuote(`${part.name}=${part.value ?? ''}`));
    }
  } else if (body?.kind === 'binary' && body.file) args.push('--data-binary', shellQuote(`@${body.file.name}`));
  // One option per line, the way API docs print commands.
  const lines: string[] = [];
  let line = '';
  for (const arg of args) {
    if (arg.startsWith('-') && line !== '' && line !== 'curl') {
      lines.push(line);
      line = arg;
    } else {
      line = line === '' ? arg : `${line} ${arg}`;
    }
  }
  lines.push(line);
  return lines.join(' \\\n  ');
}

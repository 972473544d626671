// The generators of the languages in the code samples' menu that pages are not built with
// (sample-languages.ts names them): loaded in the browser with the live samples, when a reader
// chooses one. Each keeps every value inside a string of its language, as snippets.ts does for
// the built-in ones; test/unit/site/snippets.test.ts gives each a request whose every value
// tries to get out. Left out, for writing a value into code unescaped: snippetz's C#
// HttpClient (header values), Dart (`$` and quotes in single-quoted strings), R, Clojure and
// Objective-C (names of fields), PHP's cURL and Guzzle (header values, names of fields).
import { cLibcurl } from '@scalar/snippetz/plugins/c/libcurl';
import { csharpRestsharp } from '@scalar/snippetz/plugins/csharp/restsharp';
import { fsharpHttpclient } from '@scalar/snippetz/plugins/fsharp/httpclient';
import { javaAsynchttp } from '@scalar/snippetz/plugins/java/asynchttp';
import { javaOkhttp } from '@scalar/snippetz/plugins/java/okhttp';
import { javaUnirest } from '@scalar/snippetz/plugins/java/unirest';
import { jsAxios } from '@scalar/snippetz/plugins/js/axios';
import { jsJquery } from '@scalar/snippetz/plugins/js/jquery';
import { jsOfetch } from '@scalar/snippetz/plugins/js/ofetch';
import { jsXhr } from '@scalar/snippetz/plugins/js/xhr';
import { juliaHttp } from '@scalar/snippetz/plugins/julia/http';
import { nodeAxios } from '@scalar/snippetz/plugins/node/axios';
import { nodeFetch } from '@scalar/snippetz/plugins/node/fetch';
import { nodeOfetch } from '@scalar/snippetz/plugins/node/ofetch';
import { nodeUndici } from '@scalar/snippetz/plugins/node/undici';
import { ocamlCohttp } from '@scalar/snippetz/plugins/ocaml/cohttp';
import { phpLaravel } from '@scalar/snippetz/plugins/php/laravel';
import { powershellRestmethod } from '@scalar/snippetz/plugins/powershell/restmethod';
import { powershellWebrequest } from '@scalar/snippetz/plugins/powershell/webrequest';
import { pythonAiohttp } from '@scalar/snippetz/plugins/python/aiohttp';
import { pythonHttpxSync } from '@scalar/snippetz/plugins/python/httpx';
import { pythonPython3 } from '@scalar/snippetz/plugins/python/python3';
import { rubyNative } from '@scalar/snippetz/plugins/ruby/native';
import { swiftNsurlsession } from '@scalar/snippetz/plugins/swift/nsurlsession';
import { MORE_LANGUAGES } from './sample-languages.ts';
import { CurlOnly, fetchSample, parsedJsonOnly, plain, type Client, type SampleRequest } from './snippets.ts';

type Generate = (request: SampleRequest) => string;

/** The request without its body, and the body's statements put in before the line that sends it. */
function ownBody(generate: Generate, before: string, lines: (text: string) => string[]): Generate {
  return (request) => {
    const body = request.body;
    if (body?.kind !== 'json' && body?.kind !== 'text') return generate(request);
    const code = generate({ ...request, body: undefined });
    const at = code.indexOf(before);
    if (at < 0) throw new CurlOnly('has a body this client cannot write here');
    return `${code.slice(0, at)}${lines(body.kind === 'json' ? prettyJson(body.text) : body.text).join('\n')}\n\n${code.slice(at)}`;
  };
}

function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/**
 * snippetz's Ruby writes a JSON body in a heredoc and a text body in double quotes, both of
 * which run `#{…}` and read escapes: the body goes in single quotes, where only `\\` and `\'` are.
 */
const rubySample = ownBody(
  plain((r) => rubyNative.generate(r)),
  'response = http.request',
  (text) => [`request.body = '${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`],
);

/**
 * snippetz's Swift writes a JSON body in a `#"""` raw string, where `\#(…)` still runs code
 * and `\#n` is still an escape: the body goes in with as many `#` as none of those can be read.
 */
const swiftSample = ownBody(
  plain((r) => swiftNsurlsession.generate(r)),
  'let (data, response)',
  (text) => {
    let hashes = '#';
    while (text.includes(`\\${hashes}`) || text.includes(`"""${hashes}`)) hashes += '#';
    return [`let body = ${hashes}"""`, text, `"""${hashes}`, 'request.httpBody = body.data(using: .utf8)'];
  },
);

/** C reads `??/` in a string as a backslash (trigraphs, before C23): every `??` of a value is written `?\?`. */
const cSample: Generate = (request) => plain((r) => cLibcurl.generate(r))(request).replace(/\?\?/g, '?\\?');

/** PowerShell ends a single-quoted string at any of the typographic single quotes too: each is doubled, as `'` is. */
function powershellSample(generate: Generate): Generate {
  return (request) => generate(request).replace(/[\u2018\u2019\u201A\u201B]/g, '$&$&');
}

const GENERATORS: Record<string, Generate> = {
  node: fetchSample((r) => nodeFetch.generate(r)),
  'node-axios': plain((r) => nodeAxios.generate(r)),
  'node-undici': plain((r) => nodeUndici.generate(r)),
  'node-ofetch': plain((r) => nodeOfetch.generate(r)),
  'js-axios': plain((r) => jsAxios.generate(r)),
  'js-ofetch': plain((r) => jsOfetch.generate(r)),
  'js-jquery': plain((r) => jsJquery.generate(r)),
  'js-xhr': plain((r) => jsXhr.generate(r)),
  'python-httpx': plain((r) => pythonHttpxSync.generate(r)),
  'python-aiohttp': plain((r) => pythonAiohttp.generate(r)),
  'python-http-client': plain((r) => pythonPython3.generate(r)),
  'java-okhttp': plain((r) => javaOkhttp.generate(r)),
  'java-unirest': plain((r) => javaUnirest.generate(r)),
  'java-asynchttp': plain((r) => javaAsynchttp.generate(r)),
  csharp: parsedJsonOnly(plain((r) => csharpRestsharp.generate(r))),
  fsharp: parsedJsonOnly(plain((r) => fsharpHttpclient.generate(r))),
  php: plain((r) => phpLaravel.generate(r)),
  ruby: rubySample,
  swift: swiftSample,
  c: cSample,
  powershell: powershellSample(plain((r) => powershellRestmethod.generate(r))),
  'powershell-webrequest': powershellSample(plain((r) => powershellWebrequest.generate(r))),
  julia: plain((r) => juliaHttp.generate(r)),
  ocaml: plain((r) => ocamlCohttp.generate(r)),
};

export const MORE_CLIENTS: Client[] = MORE_LANGUAGES.map((language) => {
  const generate = GENERATORS[language.lang];
  if (!generate) throw new Error(`No generator for ${language.label}`);
  return { ...language, generate };
});

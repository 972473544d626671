// The generators of the languages in the code samples' menu that pages are not built with
// (sample-languages.ts names them): loaded in the browser with the live samples, when a reader
// chooses one. Each keeps every value inside a string of its language, as snippets.ts does for
// the built-in ones; test/unit/site/snippets.test.ts gives each a request whose every value
// tries to get out.
import { jsAxios } from '@scalar/snippetz/plugins/js/axios';
import { nodeFetch } from '@scalar/snippetz/plugins/node/fetch';
import { pythonHttpxSync } from '@scalar/snippetz/plugins/python/httpx';
import { MORE_LANGUAGES } from './sample-languages.ts';
import { fetchSample, plain, type Client, type SampleRequest } from './snippets.ts';

const GENERATORS: Record<string, (request: SampleRequest) => string> = {
  node: fetchSample((r) => nodeFetch.generate(r)),
  'js-axios': plain((r) => jsAxios.generate(r)),
  'python-httpx': plain((r) => pythonHttpxSync.generate(r)),
};

export const MORE_CLIENTS: Client[] = MORE_LANGUAGES.map((language) => {
  const generate = GENERATORS[language.lang];
  if (!generate) throw new Error(`No generator for ${language.label}`);
  return { ...language, generate };
});

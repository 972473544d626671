// The languages of the code samples' menu that pages are not built with: written in the
// browser when a reader chooses one (more-snippets.ts). Only names here, so the page's own
// script can list them without loading a generator.

export interface SampleLanguage {
  label: string;
  /** The sample's `data-lang`: its generator (more-snippets.ts) and its highlighting grammar (highlight.ts). */
  lang: string;
}

export const MORE_LANGUAGES: SampleLanguage[] = [
  { label: 'Node.js', lang: 'node' },
  { label: 'Node.js (axios)', lang: 'node-axios' },
  { label: 'Node.js (undici)', lang: 'node-undici' },
  { label: 'Node.js (ofetch)', lang: 'node-ofetch' },
  { label: 'JavaScript (axios)', lang: 'js-axios' },
  { label: 'JavaScript (ofetch)', lang: 'js-ofetch' },
  { label: 'JavaScript (jQuery)', lang: 'js-jquery' },
  { label: 'JavaScript (XHR)', lang: 'js-xhr' },
  { label: 'Python (httpx)', lang: 'python-httpx' },
  { label: 'Python (aiohttp)', lang: 'python-aiohttp' },
  { label: 'Python (http.client)', lang: 'python-http-client' },
  { label: 'Java (OkHttp)', lang: 'java-okhttp' },
  { label: 'Java (Unirest)', lang: 'java-unirest' },
  { label: 'Java (AsyncHttpClient)', lang: 'java-asynchttp' },
  { label: 'C#', lang: 'csharp' },
  { label: 'F#', lang: 'fsharp' },
  { label: 'PHP', lang: 'php' },
  { label: 'Ruby', lang: 'ruby' },
  { label: 'Swift', lang: 'swift' },
  { label: 'C', lang: 'c' },
  { label: 'PowerShell', lang: 'powershell' },
  { label: 'PowerShell (Invoke-WebRequest)', lang: 'powershell-webrequest' },
  { label: 'Julia', lang: 'julia' },
  { label: 'OCaml', lang: 'ocaml' },
];

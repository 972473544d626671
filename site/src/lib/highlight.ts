// Syntax highlighting for the code samples, with Prism's grammars: the code split into tokens
// and written as HTML with a one-letter class on the tokens that get a colour, nothing on the
// rest. Prism's own output wraps every token in `<span class="token …">`, which would weigh
// on each of a large API's pages; this writes only what the theme colours. Runs at build time
// for the first samples and in the browser when the reader changes the request.
import Prism from 'prismjs';
import 'prismjs/components/prism-clike.js';
import 'prismjs/components/prism-javascript.js';
import 'prismjs/components/prism-bash.js';
import 'prismjs/components/prism-python.js';
import 'prismjs/components/prism-go.js';
import 'prismjs/components/prism-java.js';
import 'prismjs/components/prism-kotlin.js';
import 'prismjs/components/prism-rust.js';
import 'prismjs/components/prism-json.js';
import 'prismjs/components/prism-http.js';

/** Token types and the class the portal's theme colours them by (portal.css, `.hl-*`). */
const CLASS: Record<string, string> = {
  string: 's',
  'template-string': 's',
  char: 's',
  'attr-value': 's',
  url: 's',
  keyword: 'k',
  boolean: 'n',
  number: 'n',
  constant: 'n',
  null: 'n',
  comment: 'c',
  function: 'f',
  'class-name': 'f',
  property: 'p',
  'attr-name': 'p',
  'header-name': 'p',
  parameter: 'p',
  variable: 'p',
  'request-line': 'k',
  method: 'k',
};

/** The grammar each sample language is read with. */
const GRAMMAR: Record<string, string> = {
  sh: 'bash',
  httpie: 'bash',
  wget: 'bash',
  js: 'javascript',
  python: 'python',
  go: 'go',
  java: 'java',
  kotlin: 'kotlin',
  rust: 'rust',
  http: 'http',
  json: 'json',
  // The menu's languages written in the browser (their grammars load with them: highlight-more.ts).
  node: 'javascript',
  'node-axios': 'javascript',
  'node-undici': 'javascript',
  'node-ofetch': 'javascript',
  'js-axios': 'javascript',
  'js-ofetch': 'javascript',
  'js-jquery': 'javascript',
  'js-xhr': 'javascript',
  'python-httpx': 'python',
  'python-aiohttp': 'python',
  'python-http-client': 'python',
  'java-okhttp': 'java',
  'java-unirest': 'java',
  'java-asynchttp': 'java',
  csharp: 'csharp',
  fsharp: 'fsharp',
  php: 'php',
  ruby: 'ruby',
  swift: 'swift',
  c: 'c',
  powershell: 'powershell',
  'powershell-webrequest': 'powershell',
  julia: 'julia',
  ocaml: 'ocaml',
};

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function write(tokens: (string | Prism.Token)[], inherited: string | undefined): string {
  let out = '';
  for (const token of tokens) {
    if (typeof token === 'string') {
      out += inherited ? `<span class="hl-${inherited}">${escapeHtml(token)}</span>` : escapeHtml(token);
      continue;
    }
    // An inner token without a colour of its own keeps its parent's (a string's interpolation does not).
    const own = CLASS[token.type] ?? (token.alias ? CLASS[(Array.isArray(token.alias) ? token.alias[0] : token.alias) ?? ''] : undefined);
    const content = typeof token.content === 'string' ? [token.content] : Array.isArray(token.content) ? token.content : [token.content];
    out += write(content, own ?? inherited);
  }
  return out;
}

/** The code as HTML: text escaped, coloured tokens in `<span class="hl-x">`; plain escaped text for an unknown language. */
export function highlight(code: string, lang: string): string {
  const grammar = Prism.languages[GRAMMAR[lang] ?? lang];
  if (!grammar) return escapeHtml(code);
  return write(Prism.tokenize(code, grammar), undefined).replace(/<\/span><span class="hl-(\w)">/g, (match, cls, offset, all) => {
    // Two neighbours of one colour become one span: fewer bytes per page.
    const before = all.lastIndexOf('<span class="hl-', offset);
    return all.slice(before + 16, before + 17) === cls ? '' : match;
  });
}

// Prism's grammars for the menu's languages written in the browser (sample-languages.ts),
// loaded with them: pages, built with the others, do not carry these. In dependency order.
import 'prismjs/components/prism-clike.js';
import 'prismjs/components/prism-markup.js';
import 'prismjs/components/prism-markup-templating.js';
import 'prismjs/components/prism-javascript.js';
import 'prismjs/components/prism-python.js';
import 'prismjs/components/prism-java.js';
import 'prismjs/components/prism-c.js';
import 'prismjs/components/prism-csharp.js';
import 'prismjs/components/prism-fsharp.js';
import 'prismjs/components/prism-php.js';
import 'prismjs/components/prism-ruby.js';
import 'prismjs/components/prism-swift.js';
import 'prismjs/components/prism-powershell.js';
import 'prismjs/components/prism-julia.js';
import 'prismjs/components/prism-ocaml.js';
